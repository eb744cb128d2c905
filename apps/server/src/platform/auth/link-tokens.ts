import { createHash, randomBytes } from "node:crypto";

/** The stored form of a mailed link's token: only its hash is kept, so a database read opens nothing. */
export const hashLinkToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** A new single-purpose token for a mailed link (256 bits, URL-safe) and its stored hash. */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashLinkToken(token) };
}
