import { describe, expect, it } from "vitest";
import { paths } from "./paths.ts";
import { loginPathFor, safeRedirect } from "./redirect.ts";

describe("safeRedirect", () => {
  it("keeps same-site paths with their query and hash", () => {
    expect(safeRedirect(paths.profile)).toBe(paths.profile);
    expect(safeRedirect(`${paths.tradeFirstPair}?x=1#top`)).toBe(`${paths.tradeFirstPair}?x=1#top`);
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
      expect(safeRedirect(bad)).toBe(paths.dashboard);
    }
  });

  it("uses the given fallback", () => {
    expect(safeRedirect("//x", "/home")).toBe("/home");
  });
});

describe("loginPathFor", () => {
  it("adds the redirect except for the home page", () => {
    expect(loginPathFor(paths.dashboard)).toBe(paths.login);
    expect(loginPathFor(`${paths.security}?tab=2`)).toBe(`${paths.login}?redirect=%2Fsecurity%3Ftab%3D2`);
  });
});
