import type { ErrorCode } from "@helio/shared";

/** An error meant for the client: its status, code and message are sent as they are. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly fields?: { field: string; message: string }[];
  constructor(statusCode: number, code: ErrorCode, message: string, fields?: { field: string; message: string }[]) {
    super(message);
    this.name = "AppError";
    this.statusCode = statusCode;
    this.code = code;
    this.fields = fields;
  }
}

/** 429 with a Retry-After header: the client may try again after `retryAfterS` seconds. */
export class RetryLaterError extends AppError {
  readonly retryAfterS: number;
  constructor(retryAfterS: number, message: string) {
    super(429, "RATE_LIMITED", message);
    this.retryAfterS = retryAfterS;
  }
}

export const notFound = (what = "Not found") => new AppError(404, "NOT_FOUND", what);
export const fieldError = (field: string, message: string) =>
  new AppError(400, "VALIDATION_FAILED", `${field}: ${message}`, [{ field, message }]);

/** A write that did not come from our own pages, in the member's words. */
export const ORIGIN_REFUSED_MESSAGE =
  "This page could not be checked as ours. Reload it from the site's own address and try again.";

/** What an admin's impersonation session may not do: change money, payout details or security. */
export const impersonationReadOnly = () =>
  new AppError(
    403,
    "IMPERSONATION_READ_ONLY",
    "An admin signed in as this member can look but not change money, payout or security settings.",
  );
