import { z } from "@helio/shared/zod";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiFetch, errorFromBody, onAccountBlocked, withQuery } from "./api.ts";

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("errorFromBody", () => {
  it("reads the error body with its field errors", () => {
    const error = errorFromBody(
      400,
      JSON.stringify({
        error: {
          code: "VALIDATION_FAILED",
          message: "Check the form",
          fields: [{ field: "referralCode", message: "Unknown referral code" }],
        },
      }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.fields).toEqual([{ field: "referralCode", message: "Unknown referral code" }]);
  });

  it("reads the quote a RATE_CHANGED refusal carries", () => {
    const quote = { currency: "IDR", rate: "16300" };
    const error = errorFromBody(409, JSON.stringify({ error: { code: "RATE_CHANGED", message: "Changed", quote } }));
    expect(error.code).toBe("RATE_CHANGED");
    expect(error.quote).toEqual(quote);
    expect(errorFromBody(409, JSON.stringify({ error: { code: "CONFLICT", message: "No" } })).quote).toBeNull();
  });

  it("copes with bodies that are not ours", () => {
    expect(errorFromBody(502, "<html>bad gateway</html>").code).toBe("HTTP_502");
    expect(errorFromBody(0, "").code).toBe("NETWORK");
  });
});

describe("apiFetch", () => {
  it("sends JSON with same-origin credentials and validates the answer", async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, { ok: true }));
    vi.stubGlobal("fetch", fetchMock);
    const data = await apiFetch("/api/x", { method: "POST", body: { a: 1 }, schema: z.object({ ok: z.boolean() }) });
    expect(data).toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/x");
    expect(init.credentials).toBe("same-origin");
    expect(init.body).toBe('{"a":1}');
    expect((init.headers as Record<string, string>)["Content-Type"]).toBe("application/json");
  });

  it("loads a lazy schema while the request is on its way, and checks the answer with it", async () => {
    const order: string[] = [];
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      "fetch",
      vi.fn(() => {
        order.push("request sent");
        return new Promise<Response>((resolve) => {
          answer = resolve;
        });
      }),
    );
    const schema = z.object({ ok: z.boolean() });
    const load = vi.fn(async () => {
      order.push("schema asked for");
      return schema;
    });
    const reading = apiFetch("/api/x", { schema: load });
    await vi.waitFor(() => expect(order).toEqual(["schema asked for", "request sent"]));
    answer(jsonResponse(200, { ok: "yes" }));
    await expect(reading).rejects.toMatchObject({ code: "BAD_RESPONSE" });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => jsonResponse(200, { ok: true })),
    );
    await expect(apiFetch("/api/x", { schema: load })).resolves.toEqual({ ok: true });
  });

  it("throws ApiError and starts the blocked flow on 403 ACCOUNT_BANNED", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => jsonResponse(403, { error: { code: "ACCOUNT_BANNED", message: "Banned" } })),
    );
    const listener = vi.fn();
    const stop = onAccountBlocked(listener);
    await expect(apiFetch("/api/me")).rejects.toMatchObject({ status: 403, code: "ACCOUNT_BANNED" });
    expect(listener).toHaveBeenCalledWith("banned");
    stop();
  });

  it("does not start the blocked flow for other 403s", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => jsonResponse(403, { error: { code: "FORBIDDEN", message: "No" } })),
    );
    const listener = vi.fn();
    const stop = onAccountBlocked(listener);
    await expect(apiFetch("/api/admin/members")).rejects.toBeInstanceOf(ApiError);
    expect(listener).not.toHaveBeenCalled();
    stop();
  });
});

describe("withQuery", () => {
  it("skips empty values", () => {
    expect(withQuery("/api/a", { search: "", page: 2, pageSize: 20, x: undefined })).toBe("/api/a?page=2&pageSize=20");
  });
});
