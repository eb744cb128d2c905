import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../lib/api.ts";
import { renderWithApp } from "../test/render.tsx";
import { PromptDialog } from "./PromptDialog.tsx";

/** How the queues use it: a button opens it, Cancel closes it. */
function RejectButton({ onSubmit }: { onSubmit: (value: string) => Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Reject deposit
      </button>
      <PromptDialog
        open={open}
        title="Reject this deposit?"
        message="The member reads the reason."
        input={{ kind: "text", label: "Reason", field: "reason" }}
        confirmLabel="Reject"
        onSubmit={onSubmit}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

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

  it.each([
    { when: "after the closing animation", waitForExit: true },
    { when: "reopened at once", waitForExit: false },
  ])("starts afresh at every opening: no value, no error of the last one ($when)", async ({ waitForExit }) => {
    const onSubmit = vi.fn().mockRejectedValue(new ApiError(409, "CONFLICT", "Already reviewed"));
    renderWithApp(<RejectButton onSubmit={onSubmit} />);
    const open = () => {
      fireEvent.click(screen.getByRole("button", { name: "Reject deposit", hidden: true }));
      return screen.getByRole("dialog", { name: "Reject this deposit?" });
    };
    const cancel = async (dialog: HTMLElement) => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
      if (waitForExit) await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    };
    const expectFresh = (dialog: HTMLElement) => {
      expect((within(dialog).getByLabelText("Reason") as HTMLInputElement).value).toBe("");
      expect(within(dialog).queryByRole("alert")).toBeNull();
      expect(within(dialog).queryByText("At least 3 characters")).toBeNull();
    };

    let dialog = open();
    fireEvent.change(within(dialog).getByLabelText("Reason"), { target: { value: "x" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Reject" }));
    expect(await within(dialog).findByText("At least 3 characters")).toBeTruthy();
    await cancel(dialog);
    dialog = open();
    expectFresh(dialog);

    fireEvent.change(within(dialog).getByLabelText("Reason"), { target: { value: "Blurred photo" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Reject" }));
    expect(await within(dialog).findByText("Already reviewed")).toBeTruthy();
    await cancel(dialog);
    dialog = open();
    expectFresh(dialog);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
