import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ApiError, apiFetch } from "./api.ts";
import { answerIsDefinite, useIdempotencyKey } from "./idempotency.ts";

describe("useIdempotencyKey", () => {
  it("keeps the key after a network failure and rotates it after a success", async () => {
    const { result } = renderHook(() => useIdempotencyKey());
    const first = result.current.key;
    expect(first).toMatch(/^[A-Za-z0-9_.:-]{8,100}$/);
    // A real failed fetch, as the forms see it: no answer, so the request may have been done.
    const realFetch = globalThis.fetch;
    globalThis.fetch = () => Promise.reject(new TypeError("Failed to fetch"));
    const lost = await apiFetch("/api/trades", { method: "POST", body: {} }).catch((e: unknown) => e);
    globalThis.fetch = realFetch;
    expect(lost).toBeInstanceOf(ApiError);
    act(() => result.current.failed(lost));
    expect(result.current.key).toBe(first);
    act(() => result.current.succeeded());
    expect(result.current.key).not.toBe(first);
  });

  it("rotates after a definite refusal, keeps it after a timeout, a rate limit or a server error", () => {
    const { result } = renderHook(() => useIdempotencyKey());
    const keys = [result.current.key];
    for (const error of [
      new ApiError(500, "INTERNAL", "Server error"),
      new ApiError(502, "HTTP_502", "Bad gateway"),
      new ApiError(408, "TIMEOUT", "Timeout"),
      new ApiError(429, "RATE_LIMITED", "Slow down"),
      new DOMException("aborted", "AbortError"),
    ]) {
      act(() => result.current.failed(error));
      keys.push(result.current.key);
    }
    expect(new Set(keys).size).toBe(1);
    act(() => result.current.failed(new ApiError(400, "VALIDATION_FAILED", "amount: too small")));
    expect(result.current.key).not.toBe(keys[0]);
  });
});

describe("answerIsDefinite", () => {
  it.each([
    [new ApiError(0, "NETWORK", "offline"), false],
    [new ApiError(503, "UNAVAILABLE", "down"), false],
    [new ApiError(409, "IDEMPOTENCY_CONFLICT", "Idempotency-Key: used"), true],
    [new ApiError(409, "KYC_REQUIRED", "kyc"), true],
    [new ApiError(404, "NOT_FOUND", "gone"), true],
    [new ApiError(201, "BAD_RESPONSE", "unreadable"), true],
    [new Error("boom"), false],
  ])("%s → %s", (error, definite) => {
    expect(answerIsDefinite(error)).toBe(definite);
  });
});
