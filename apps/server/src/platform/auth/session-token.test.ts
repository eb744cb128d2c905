import { describe, expect, it } from "vitest";
import { lastCookieValue } from "./session-token.ts";

describe("lastCookieValue", () => {
  const prefix = "helio.session_token=";

  it("finds the pair among others, with or without blanks around it", () => {
    expect(lastCookieValue("helio.session_token=abc.def", prefix)).toBe("abc.def");
    expect(lastCookieValue("theme=dark; helio.session_token=abc.def; lang=en", prefix)).toBe("abc.def");
    expect(lastCookieValue("theme=dark;\thelio.session_token=abc.def  ;lang=en", prefix)).toBe("abc.def");
  });

  it("takes the last one when the name repeats, as better-auth does", () => {
    expect(lastCookieValue("helio.session_token=first; helio.session_token=second", prefix)).toBe("second");
  });

  it("matches whole names only", () => {
    expect(lastCookieValue("xhelio.session_token=forged; a=helio.session_token=forged", prefix)).toBeUndefined();
    expect(lastCookieValue("__Secure-helio.session_token=other", prefix)).toBeUndefined();
  });

  it("answers undefined for headers without it, and empty for an empty value", () => {
    expect(lastCookieValue("", prefix)).toBeUndefined();
    expect(lastCookieValue(";;", prefix)).toBeUndefined();
    expect(lastCookieValue("helio.session_token=", prefix)).toBe("");
  });
});
