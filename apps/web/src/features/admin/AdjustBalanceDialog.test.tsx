import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApp } from "../../test/render.tsx";
import { AdjustBalanceDialog } from "./AdjustBalanceDialog.tsx";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("AdjustBalanceDialog", () => {
  it("checks amount and reason, then debits signed cents and says the new balance", async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url.endsWith("/adjust") && init?.method === "POST") {
          bodies.push(JSON.parse(String(init.body)));
          return json({
            transactionId: "t1",
            account: "wallet",
            amountCents: -2500,
            balanceAfterCents: 7500,
            replayed: false,
          });
        }
        return json({});
      }),
    );
    const onDone = vi.fn();
    renderWithApp(<AdjustBalanceDialog uid="u1" open onClose={() => {}} onDone={onDone} />, { member: null });
    const dialog = screen.getByRole("dialog", { name: "Adjust a balance" });
    const amount = within(dialog).getByLabelText("Amount") as HTMLInputElement;
    fireEvent.change(amount, { target: { value: "-5" } });
    fireEvent.change(within(dialog).getByLabelText("Reason"), { target: { value: " a " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Credit" }));
    expect(await within(dialog).findByText("Enter an amount like 12.34")).toBeTruthy();
    expect(within(dialog).getByText("At least 3 characters")).toBeTruthy();
    fireEvent.change(amount, { target: { value: "0" } });
    expect(await within(dialog).findByText("Cannot be zero")).toBeTruthy();
    fireEvent.click(within(dialog).getByLabelText("Debit (take)"));
    fireEvent.change(amount, { target: { value: "25" } });
    fireEvent.change(within(dialog).getByLabelText("Reason"), { target: { value: " Duplicate deposit " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Debit" }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith("Debited Wallet: new balance 75.00 USD."));
    expect(bodies).toEqual([{ account: "wallet", amountCents: -2500, reason: "Duplicate deposit" }]);
    expect(amount.value).toBe("");
  });
});
