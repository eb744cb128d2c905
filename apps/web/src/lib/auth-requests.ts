import { API } from "@helio/shared/paths";
import { errorFromBody } from "./api.ts";
import type { AuthErrorShape, AuthResult } from "./auth-errors.ts";

// The two better-auth calls of the first pages, made with a plain `fetch`: its client is 12.9 kB
// gzip that the sign-in page and the dashboard would otherwise load (docs/performance.md, "First
// load", decision 0010). The other calls (two-factor, password reset, e-mail verification) use it.

export type SignInData = { twoFactorRedirect?: boolean } | null;

/**
 * Password sign-in (`/api/auth/sign-in/email` or `/username`), answered in the shape of
 * better-auth's client (`{ data, error }`). The session cookie comes back on the response.
 */
export async function signInWithPassword(identifier: string, password: string): Promise<AuthResult<SignInData>> {
  const byEmail = identifier.includes("@");
  let response: Response;
  try {
    response = await postJson(
      byEmail ? API.authSignInEmail : API.authSignInUsername,
      byEmail ? { email: identifier, password } : { username: identifier, password },
    );
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

/**
 * Ends this browser's session (`POST /api/auth/sign-out`: revoked on the server, cookie cleared).
 * Throws when the server could not be reached or refused.
 */
export async function signOut(): Promise<void> {
  const response = await postJson(API.authSignOut, {});
  if (!response.ok) throw errorFromBody(response.status, await response.text());
}

function postJson(path: string, body: unknown): Promise<Response> {
  return fetch(path, {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
  });
}
