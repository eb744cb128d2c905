import { EXAMPLE_TRANSFER_INSTRUCTIONS, jsonText, settingsSchema } from "@helio/shared";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApp } from "../../test/render.tsx";
import { ExampleInstructionsAlert } from "./ExampleInstructionsAlert.tsx";
import { adminSettingsQuery } from "./money-api.ts";

/** The answer as the server sends it: amounts (bigint microcents) as strings of digits. */
const json = (body: unknown) =>
  new Response(jsonText(body), { status: 200, headers: { "Content-Type": "application/json" } });

/** Saved settings: the shipped defaults, with `transferInstructions` as given. */
function stubSettings(transferInstructions: typeof EXAMPLE_TRANSFER_INSTRUCTIONS) {
  const settings = { ...settingsSchema.parse({}), transferInstructions, revision: 1 };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) =>
      url.startsWith("/api/admin/settings") ? json(settings) : new Response("{}", { status: 404 }),
    ),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("ExampleInstructionsAlert", () => {
  it("warns while the instructions are the example, with a way to the settings", async () => {
    stubSettings(EXAMPLE_TRANSFER_INSTRUCTIONS);
    renderWithApp(<ExampleInstructionsAlert link />, { member: null });
    expect((await screen.findByRole("alert")).textContent).toContain("example account Helio ships with");
    expect(screen.getByRole("link", { name: "Set the company's transfer instructions" }).getAttribute("href")).toBe(
      "/admin/settings",
    );
  });

  it("is gone once the company's own account is set (the notes alone do not count)", async () => {
    stubSettings({ ...EXAMPLE_TRANSFER_INSTRUCTIONS, accountNumber: "123-456-7890" });
    const { queryClient } = renderWithApp(<ExampleInstructionsAlert link />, { member: null });
    await vi.waitFor(() => expect(queryClient.getQueryState(adminSettingsQuery.queryKey)?.status).toBe("success"));
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
