import { ApiError, handleBlocked } from "./api.ts";

// better-auth's errors in our terms. Apart from the client (auth-client.ts), so that the sign-in
// page can use them without loading better-auth's client (docs/performance.md, "First load").

export interface AuthErrorShape {
  code?: string | undefined;
  message?: string | undefined;
  status: number;
  statusText?: string | undefined;
  /** Errors answered by our server in front of better-auth: `{ error: { code, message } }`. */
  error?: { code?: string; message?: string } | undefined;
}

/** Code and message of a better-auth error, whether better-auth or our server answered. */
export function authErrorInfo(error: AuthErrorShape): { code: string | undefined; message: string | undefined } {
  const nested = typeof error.error === "object" && error.error !== null ? error.error : undefined;
  return { code: error.code ?? nested?.code, message: error.message ?? nested?.message };
}

export interface AuthResult<T> {
  data: T | null;
  error: AuthErrorShape | null;
}

const AUTH_MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: "Wrong email or password.",
  INVALID_USERNAME_OR_PASSWORD: "Wrong username or password.",
  INVALID_PASSWORD: "The password is not correct.",
  INVALID_CODE: "That code is not valid. Try again.",
  INVALID_TWO_FACTOR_COOKIE: "The sign-in step expired. Please sign in again.",
  INVALID_BACKUP_CODE: "That backup code is not valid.",
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: "Too many attempts. Please sign in again.",
  INVALID_TOKEN: "The link is invalid or has expired.",
  PASSWORD_TOO_SHORT: "The password is too short (at least 10 characters).",
  SESSION_EXPIRED: "Your session is too old for this. Please sign out and sign in again.",
};

/** Turns a better-auth error into our ApiError (and starts the blocked flow when it is one). */
export function toApiError(error: AuthErrorShape): ApiError {
  const info = authErrorInfo(error);
  const code = info.code ?? `HTTP_${error.status}`;
  const message =
    AUTH_MESSAGES[code] ??
    info.message ??
    (error.status === 429 ? "Too many attempts. Please wait a moment and try again." : "Something went wrong.");
  const apiError = new ApiError(error.status, code, message);
  handleBlocked(apiError);
  return apiError;
}
