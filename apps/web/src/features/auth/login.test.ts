import { describe, expect, it } from "vitest";
import { toApiError } from "../../lib/auth-client.ts";
import { paths } from "../../lib/paths.ts";
import { signInErrorTarget } from "./LoginPage.tsx";

describe("sign-in errors", () => {
  it("sends unverified members to the verify page, with the email when known", () => {
    expect(signInErrorTarget({ status: 403, code: "EMAIL_NOT_VERIFIED" }, "a@b.co")).toBe(
      paths.verifyEmailFor("a@b.co"),
    );
    expect(signInErrorTarget({ status: 403, code: "EMAIL_NOT_VERIFIED" }, "jane")).toBe(paths.verifyEmail);
  });

  it("sends blocked and banned members to the blocked page (better-auth or our error body)", () => {
    expect(signInErrorTarget({ status: 403, code: "ACCOUNT_BLOCKED" }, "jane")).toBe(
      paths.accountBlockedFor("blocked"),
    );
    expect(signInErrorTarget({ status: 403, error: { code: "ACCOUNT_BANNED", message: "x" } }, "jane")).toBe(
      paths.accountBlockedFor("banned"),
    );
  });

  it("shows other errors on the form", () => {
    expect(signInErrorTarget({ status: 401, code: "INVALID_USERNAME_OR_PASSWORD" }, "jane")).toBeNull();
    expect(toApiError({ status: 401, code: "INVALID_USERNAME_OR_PASSWORD" }).message).toBe(
      "Wrong username or password.",
    );
    expect(toApiError({ status: 429, error: { code: "RATE_LIMITED", message: "Slow down." } }).message).toBe(
      "Slow down.",
    );
  });
});
