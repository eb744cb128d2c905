/**
 * A fresh Idempotency-Key for a money request (the server accepts 8–100 of A-Z a-z 0-9 _ . : -).
 * Keep one per intended operation and send it again on a retry, so a repeated click or a retry
 * after a lost answer cannot move money twice.
 */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return `web-${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}
