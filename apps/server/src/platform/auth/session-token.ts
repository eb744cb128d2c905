import { createHmac, timingSafeEqual } from "node:crypto";
import type { Auth } from "./auth.ts";

const MAX_SIGNED_VALUES = 10_000;

/**
 * Reads better-auth's signed session cookie (`token.base64(HMAC-SHA256(token, secret))`, under
 * better-auth's cookie name and with its secret) from a Cookie header and returns the token when
 * the signature checks out, else null. Values whose signature checked out are remembered (a
 * signature never stops being valid), which spares the HMAC; whether the session is live is for
 * the caller to ask every time.
 */
export function createSessionTokenReader(auth: Auth) {
  const context = auth.$context.then((ctx) => ({ name: ctx.authCookies.sessionToken.name, secret: ctx.secret }));
  // Read once it is known: awaiting the settled promise on every request costs a microtask turn.
  let known: Awaited<typeof context> | undefined;
  void context.then((value) => {
    known = value;
  });
  const signed = new Map<string, string>();
  return async function sessionTokenOf(cookieHeader: string | undefined): Promise<string | null> {
    if (!cookieHeader) return null;
    const { name, secret } = known ?? (await context);
    const value = lastCookieValue(cookieHeader, `${name}=`);
    if (!value) return null;
    let decoded: string;
    try {
      decoded = decodeURIComponent(value);
    } catch {
      return null;
    }
    const token = signed.get(decoded);
    if (token) return token;
    const dot = decoded.lastIndexOf(".");
    if (dot < 1) return null;
    const unsigned = decoded.slice(0, dot);
    const signature = Buffer.from(decoded.slice(dot + 1));
    const expected = Buffer.from(createHmac("sha256", secret).update(unsigned).digest("base64"));
    if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
    if (signed.size >= MAX_SIGNED_VALUES) signed.clear();
    signed.set(decoded, unsigned);
    return unsigned;
  };
}

/**
 * The value of the last `prefix…` pair in a Cookie header (the last one wins, as in better-auth's
 * own parsing), surrounding blanks trimmed; scanned in place rather than split into parts.
 */
export function lastCookieValue(header: string, prefix: string): string | undefined {
  let value: string | undefined;
  let from = 0;
  while (from <= header.length) {
    let end = header.indexOf(";", from);
    if (end === -1) end = header.length;
    let start = from;
    while (start < end && (header.charCodeAt(start) === 32 || header.charCodeAt(start) === 9)) start++;
    if (header.startsWith(prefix, start)) value = header.slice(start + prefix.length, end).trim();
    from = end + 1;
  }
  return value;
}
