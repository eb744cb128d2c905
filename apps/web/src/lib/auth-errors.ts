import { ApiError, handleBlocked } from "./api.ts";
import { wordError } from "./error-words.ts";

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

/** Turns a better-auth error into our ApiError (and starts the blocked flow when it is one). */
export function toApiError(error: AuthErrorShape): ApiError {
  const info = authErrorInfo(error);
  const code = info.code ?? `HTTP_${error.status}`;
  // Worded by code in the member's language (lib/error-words.ts), else better-auth's own text.
  const message = wordError(code, error.status, info.message ?? "Something went wrong.");
  const apiError = new ApiError(error.status, code, message);
  handleBlocked(apiError);
  return apiError;
}
