import { twoFactorClient, usernameClient } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";
import { type AuthResult, toApiError } from "./auth-errors.ts";

export { authErrorInfo, toApiError } from "./auth-errors.ts";

/** better-auth client on the same origin (`/api/auth`). */
export const authClient = createAuthClient({
  baseURL: typeof window === "undefined" ? "http://localhost" : window.location.origin,
  basePath: "/api/auth",
  plugins: [usernameClient(), twoFactorClient()],
});

/** Awaits a better-auth call and returns its data, or throws an ApiError. */
export async function unwrap<T>(call: Promise<AuthResult<T>>): Promise<T> {
  const result = await call;
  if (result.error) throw toApiError(result.error);
  return result.data as T;
}
