import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DialogButtons, FormButtons } from "../components/FormLayout.tsx";
import { renderWithApp, sampleMember } from "../test/render.tsx";

const SUPPORT_VIEW_REASON = "Support view: you can look, but not move money or change settings.";

const form = (
  <form>
    <FormButtons label="Save" busyLabel="Saving…" busy={false} />
    <DialogButtons label="Confirm" busyLabel="Please wait…" busy={false} onCancel={() => {}} />
  </form>
);

describe("the support view's read-only controls", () => {
  it("turns the submit buttons off with the reason while an admin has the account open", () => {
    renderWithApp(form, { member: { ...sampleMember, impersonatedBy: "admin-1" } });
    for (const name of ["Save", "Confirm"])
      expect((screen.getByRole("button", { name }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getAllByText(SUPPORT_VIEW_REASON)).toHaveLength(2);
    expect((screen.getByRole("button", { name: "Cancel" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("leaves them on for the member, and signed out", () => {
    const own = renderWithApp(form);
    expect((screen.getByRole("button", { name: "Save" }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText(SUPPORT_VIEW_REASON)).toBeNull();
    own.unmount();
    renderWithApp(form, { member: null });
    expect((screen.getByRole("button", { name: "Confirm" }) as HTMLButtonElement).disabled).toBe(false);
  });
});
