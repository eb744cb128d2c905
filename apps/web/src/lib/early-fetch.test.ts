import { API } from "@helio/shared";
import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sampleMember } from "../test/render.tsx";
import { startEarlyFetch, takeEarlyFetch } from "./early-fetch.ts";
import { meQueryOptions } from "./member.tsx";

afterEach(() => {
  takeEarlyFetch(API.me);
  vi.unstubAllGlobals();
});

describe("early reads", () => {
  it("answers the member query from the read sent at boot, once; later reads fetch again", async () => {
    const fetchSpy = vi.fn(async () => Response.json(sampleMember));
    vi.stubGlobal("fetch", fetchSpy);
    startEarlyFetch(API.me);
    startEarlyFetch(API.me);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const client = new QueryClient();
    expect(await client.fetchQuery(meQueryOptions)).toEqual(sampleMember);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(await client.fetchQuery({ ...meQueryOptions, staleTime: 0 })).toEqual(sampleMember);
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });

  it("checks the early answer as any other: a 401 is the query's error, not a crash", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ error: { code: "UNAUTHENTICATED", message: "Sign in." } }, { status: 401 })),
    );
    startEarlyFetch(API.me);
    const client = new QueryClient();
    await expect(client.fetchQuery(meQueryOptions)).rejects.toMatchObject({ status: 401, code: "UNAUTHENTICATED" });
  });

  it("reports an early read that could not reach the server as the query's network error", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    startEarlyFetch(API.me);
    const client = new QueryClient();
    await expect(client.fetchQuery({ ...meQueryOptions, retry: false })).rejects.toMatchObject({ status: 0 });
  });
});
