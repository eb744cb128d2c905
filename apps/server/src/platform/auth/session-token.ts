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
  const signed = new Map<string, string>();
  return async function sessionTokenOf(cookieHeader: string | undefined): Promise<string | null> {
    if (!cookieHeader) return null;
    const { name, secret } = await context;
    const prefix = `${name}=`;
    let value: string | undefined;
    // The last one wins, as in better-auth's own cookie parsing.
    for (const part of cookieHeader.split(";")) {
      const trimmed = part.trim();
      if (trimmed.startsWith(prefix)) value = trimmed.slice(prefix.length);
    }
    if (!value) return null;
    let decoded: string;
    try {
      decoded = decodeURIComponent(value);
    } catch {
      return null;
    }
    const known = signed.get(decoded);
    if (known) return known;
    const dot = decoded.lastIndexOf(".");
    if (dot < 1) return null;
    const token = decoded.slice(0, dot);
    const signature = Buffer.from(decoded.slice(dot + 1));
    const expected = Buffer.from(createHmac("sha256", secret).update(token).digest("base64"));
    if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
    if (signed.size >= MAX_SIGNED_VALUES) signed.clear();
    signed.set(decoded, token);
    return token;
  };
}
