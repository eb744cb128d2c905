import { API } from "@helio/shared";
import { errorFromBody } from "./api.ts";
import type { AuthErrorShape, AuthResult } from "./auth-errors.ts";

export type SignInData = { twoFactorRedirect?: boolean } | null;

/**
 * better-auth's password sign-in (`/api/auth/sign-in/email` or `/username`), answered in the shape
 * of its client (`{ data, error }`), with a plain `fetch`: the client is 12.9 kB gzip that the
 * sign-in page, the first page of most visits, would otherwise load (docs/performance.md,
 * "First load"). The session cookie comes back on the response; the two-factor step, when it is
 * on, uses the client.
 */
export async function signInWithPassword(identifier: string, password: string): Promise<AuthResult<SignInData>> {
  const byEmail = identifier.includes("@");
  let response: Response;
  try {
    response = await fetch(byEmail ? API.authSignInEmail : API.authSignInUsername, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(byEmail ? { email: identifier, password } : { username: identifier, password }),
    });
  } catch {
    const offline = errorFromBody(0, "");
    return { data: null, error: { status: 0, code: offline.code, message: offline.message } };
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (response.ok) return { data: body as SignInData, error: null };
  const fields = typeof body === "object" && body !== null ? (body as Omit<AuthErrorShape, "status">) : {};
  return { data: null, error: { ...fields, status: response.status, statusText: response.statusText } };
}
