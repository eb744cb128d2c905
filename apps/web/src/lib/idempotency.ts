import { useCallback, useState } from "react";
import { ApiError } from "./api.ts";

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

/**
 * Whether a failed money request got a definite answer, so that the next submit is a new
 * operation with a new key. The server's rule (docs/architecture.md, "The API"): a key's first request
 * decides; a replay answers the same; another request under it is a 409 IDEMPOTENCY_CONFLICT.
 *
 * - Definite (rotate): a 4xx refusal (validation, KYC, limits, not found, conflict…): nothing was
 *   done, or, for IDEMPOTENCY_CONFLICT, the key is spent on an earlier request; and a 2xx whose
 *   body we could not read (BAD_RESPONSE: the server did it).
 * - Not definite (keep): no answer at all (network failure, status 0), an abort, a timeout (408),
 *   a rate limit (429: retry the same operation later) and any 5xx: the request may have been
 *   done, and only a retry under the same key can tell without doing it twice.
 */
export function answerIsDefinite(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.code === "BAD_RESPONSE" && error.status >= 200 && error.status < 300) return true;
  if (error.code === "IDEMPOTENCY_CONFLICT") return true;
  return error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
}

/**
 * The Idempotency-Key of one money form: the same key until the server gave a definite answer.
 * Call `succeeded()` after a 2xx and `failed(error)` after any error; the key rotates only when
 * the answer was definite (see `answerIsDefinite`). The trade, deposit, withdrawal, demo reset
 * and admin money forms all use it.
 */
export function useIdempotencyKey() {
  const [key, setKey] = useState(newIdempotencyKey);
  const succeeded = useCallback(() => setKey(newIdempotencyKey()), []);
  const failed = useCallback((error: unknown) => {
    if (answerIsDefinite(error)) setKey(newIdempotencyKey());
  }, []);
  return { key, succeeded, failed };
}

/** What `useIdempotencyKey` gives: the key, and what to call after the answer. */
export type IdempotencyKey = ReturnType<typeof useIdempotencyKey>;
