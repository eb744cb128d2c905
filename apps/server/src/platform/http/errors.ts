import type { ErrorCode } from "@helio/shared";

/** An error meant for the client: its status, code and message are sent as they are. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: { field: string; message: string }[],
  ) {
    super(message);
    this.name = "AppError";
  }
}

/** 429 with a Retry-After header: the client may try again after `retryAfterS` seconds. */
export class RetryLaterError extends AppError {
  constructor(
    readonly retryAfterS: number,
    message: string,
  ) {
    super(429, "RATE_LIMITED", message);
  }
}

export const notFound = (what = "Not found") => new AppError(404, "NOT_FOUND", what);
export const fieldError = (field: string, message: string) =>
  new AppError(400, "VALIDATION_FAILED", `${field}: ${message}`, [{ field, message }]);
