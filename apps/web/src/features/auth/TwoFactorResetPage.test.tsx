import { API } from "@helio/shared";
import { fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { paths } from "../../lib/paths.ts";
import { renderWithApp } from "../../test/render.tsx";
import { TwoFactorResetPage } from "./TwoFactorResetPage.tsx";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

describe("TwoFactorResetPage", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("confirms only on the button, then says how to sign in", async () => {
    const fetchSpy = vi.fn(async () => json({ ok: true }));
    vi.stubGlobal("fetch", fetchSpy);
    renderWithApp(<TwoFactorResetPage />, { path: `${paths.twoFactorReset}?token=${"a".repeat(43)}`, member: null });
    expect(fetchSpy).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Confirm the reset" }));
    expect(await screen.findByRole("heading", { name: "Two-factor is off" })).toBeTruthy();
    expect(fetchSpy).toHaveBeenCalledWith(API.twoFactorResetConfirm, expect.objectContaining({ method: "POST" }));
  });

  it("says a used link is no good", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json({ error: { code: "INVALID_TOKEN", message: "used" } }, 400)),
    );
    renderWithApp(<TwoFactorResetPage />, { path: `${paths.twoFactorReset}?token=${"b".repeat(43)}`, member: null });
    fireEvent.click(screen.getByRole("button", { name: "Confirm the reset" }));
    expect(await screen.findByText("This link is used or has expired. Ask support for a new one.")).toBeTruthy();
  });
});
