import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../lib/api.ts";
import { renderWithApp } from "../test/render.tsx";
import { PromptDialog } from "./PromptDialog.tsx";

const common = { open: true, title: "Confirm", message: "Go on?", confirmLabel: "Continue", onClose: () => {} };

describe("PromptDialog", () => {
  it("asks for the password, and after a refusal on it asks again from the start", async () => {
    const onSubmit = vi
      .fn()
      .mockRejectedValueOnce(
        new ApiError(400, "INVALID_PASSWORD", "password: Wrong password", [
          { field: "password", message: "Wrong password" },
        ]),
      )
      .mockResolvedValueOnce(undefined);
    renderWithApp(<PromptDialog {...common} input={{ kind: "password" }} onSubmit={onSubmit} />);
    const password = screen.getByLabelText("Password") as HTMLInputElement;
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByText("Enter your password.")).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(password, { target: { value: " secret " } });
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByText("Wrong password")).toBeTruthy();
    expect(onSubmit).toHaveBeenLastCalledWith(" secret ");
    expect(password.value).toBe("");
  });

  it("asks for a trimmed text of at least the minimum length; other errors go above the field", async () => {
    const onSubmit = vi.fn().mockRejectedValue(new ApiError(409, "CONFLICT", "Already reviewed"));
    renderWithApp(
      <PromptDialog
        {...common}
        input={{ kind: "text", label: "Reason", field: "reason", helperText: "Why." }}
        onSubmit={onSubmit}
      />,
    );
    const reason = screen.getByLabelText("Reason");
    expect(screen.getByText("Why.")).toBeTruthy();
    fireEvent.change(reason, { target: { value: "  ab  " } });
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByText("At least 3 characters")).toBeTruthy();
    fireEvent.change(reason, { target: { value: "  blurred  " } });
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByText("Already reviewed")).toBeTruthy();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith("blurred"));
  });
});
