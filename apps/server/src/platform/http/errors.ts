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
