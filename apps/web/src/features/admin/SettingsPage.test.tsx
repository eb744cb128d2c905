import { type AdminSettings, jsonText, settingsSchema } from "@helio/shared";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApp } from "../../test/render.tsx";
import { SettingsPage } from "./SettingsPage.tsx";

/** The answer as the server sends it: amounts (bigint microcents) as strings of digits. */
const json = (body: unknown) =>
  new Response(jsonText(body), { status: 200, headers: { "Content-Type": "application/json" } });
const settings: AdminSettings = { ...settingsSchema.parse({}), revision: 1 };

afterEach(() => vi.unstubAllGlobals());

describe("SettingsPage", () => {
  it("warns, before saving, that a new accrual period applies to every package", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => (url.startsWith("/api/admin/settings") ? json(settings) : json({}))),
    );
    renderWithApp(<SettingsPage />);
    const period = await screen.findByRole("textbox", { name: "Accrual period (seconds)" });
    expect(screen.queryByTestId("period-change-warning")).toBeNull();
    await userEvent.clear(period);
    await userEvent.type(period, "30");
    expect((await screen.findByTestId("period-change-warning")).textContent).toContain(
      "A new accrual period applies to every package at once",
    );
    // Back to the saved value: nothing to warn of.
    await userEvent.clear(period);
    await userEvent.type(period, String(settings.investmentPeriodSeconds));
    expect(screen.queryByTestId("period-change-warning")).toBeNull();
  });

  it("shows the currency whose account the server refused, with the field's message", async () => {
    const refusal = new Response(
      JSON.stringify({
        error: {
          code: "VALIDATION_FAILED",
          message: "Please check the marked fields",
          fields: [{ field: "transferInstructionsByCurrency.KRW.accountNumber", message: "Too long" }],
        },
      }),
      { status: 400, headers: { "Content-Type": "application/json" } },
    );
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url.startsWith("/api/admin/settings") && init?.method === "PUT") return refusal;
        return url.startsWith("/api/admin/settings") ? json(settings) : json({});
      }),
    );
    // jsdom lays nothing out; the editor brings its notice into view.
    Element.prototype.scrollIntoView = () => {};
    renderWithApp(<SettingsPage />);
    await userEvent.type(await screen.findByRole("textbox", { name: "Account number (IDR)" }), "1234");
    await userEvent.click(screen.getByRole("button", { name: "Save settings" }));
    const krw = await screen.findByRole("textbox", { name: "Account number (KRW)" });
    expect(krw.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Too long")).toBeTruthy();
  });
});
