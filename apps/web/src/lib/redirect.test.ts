import { describe, expect, it } from "vitest";
import { loginPathFor, safeRedirect } from "./redirect.ts";

describe("safeRedirect", () => {
  it("keeps same-site paths with their query and hash", () => {
    expect(safeRedirect("/profile")).toBe("/profile");
    expect(safeRedirect("/trade/BTC/bitcoin?x=1#top")).toBe("/trade/BTC/bitcoin?x=1#top");
  });

  it("falls back to / for anything else", () => {
    for (const bad of [
      null,
      undefined,
      "",
      "profile",
      "//evil.example",
      "/\\evil.example",
      "https://evil.example/",
      "javascript:alert(1)",
      "/\u0000x",
      "/\nfoo",
    ]) {
      expect(safeRedirect(bad)).toBe("/");
    }
  });

  it("uses the given fallback", () => {
    expect(safeRedirect("//x", "/home")).toBe("/home");
  });
});

describe("loginPathFor", () => {
  it("adds the redirect except for the home page", () => {
    expect(loginPathFor("/")).toBe("/login");
    expect(loginPathFor("/security?tab=2")).toBe("/login?redirect=%2Fsecurity%3Ftab%3D2");
  });
});
