import { API } from "@helio/shared";
import { afterEach, describe, expect, it, vi } from "vitest";
import { signOut } from "./auth-requests.ts";

afterEach(() => vi.unstubAllGlobals());

describe("sign-out", () => {
  it("posts to better-auth's sign-out with a JSON body, as its client does", async () => {
    const fetchSpy = vi.fn(async () => Response.json({ success: true }));
    vi.stubGlobal("fetch", fetchSpy);
    await signOut();
    expect(fetchSpy).toHaveBeenCalledWith(
      API.authSignOut,
      expect.objectContaining({
        method: "POST",
        credentials: "same-origin",
        body: "{}",
        headers: expect.objectContaining({ "Content-Type": "application/json" }),
      }),
    );
  });

  it("throws the server's refusal, so a caller knows the session may still be live", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        Response.json({ error: { code: "FORBIDDEN_ORIGIN", message: "Wrong origin." } }, { status: 403 }),
      ),
    );
    await expect(signOut()).rejects.toMatchObject({ status: 403, code: "FORBIDDEN_ORIGIN" });
  });
});
