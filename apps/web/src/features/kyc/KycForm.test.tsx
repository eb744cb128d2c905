import type { Kyc } from "@helio/shared";
import { fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithApp } from "../../test/render.tsx";
import { KycForm } from "./KycForm.tsx";

const NOT_SUBMITTED: Kyc = {
  status: "not_submitted",
  reason: null,
  submittedAt: null,
  reviewedAt: null,
  submission: null,
};

describe("KycForm", () => {
  it("names each empty field as the member sees it, and sends nothing", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    renderWithApp(<KycForm kyc={NOT_SUBMITTED} />);
    fireEvent.click(screen.getByRole("button", { name: "Submit for review" }));

    expect(await screen.findByText("Enter your date of birth")).toBeTruthy();
    expect(screen.getByText("Choose your country")).toBeTruthy();
    expect(screen.getByText("At least 2 characters")).toBeTruthy();
    expect(screen.getByText("Attach the front of your ID")).toBeTruthy();
    // Not the API's formats: the pickers show a calendar date and country names.
    expect(screen.queryByText(/1990-12-31/)).toBeNull();
    expect(screen.queryByText(/ISO 3166/)).toBeNull();
    expect((screen.getByLabelText("Date of birth") as HTMLInputElement).getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByRole("combobox", { name: "Country" }).getAttribute("aria-invalid")).toBe("true");
    expect(fetch).not.toHaveBeenCalled();
  });

  it("refuses a document whose bytes are not an image as soon as it is chosen", async () => {
    renderWithApp(<KycForm kyc={NOT_SUBMITTED} />);
    const notes = new File(["my passport number is…"], "passport.jpg", { type: "image/jpeg" });
    await userEvent.upload(screen.getByLabelText("ID front", { selector: "input" }), notes);
    expect(await screen.findByText("This file is not a JPEG, PNG or WebP image.")).toBeTruthy();
    expect(screen.queryByText(/passport\.jpg/)).toBeNull();
    expect(screen.getByRole("button", { name: "Choose file: ID front" })).toBeTruthy();
  });
});
