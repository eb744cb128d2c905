import { fromCents } from "@helio/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApp } from "../../test/render.tsx";
import { AdjustBalanceDialog } from "./AdjustBalanceDialog.tsx";

/** An amount as the API carries it: microcents, as a string of digits. */
const apiCents = (cents: number) => String(fromCents(cents));

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The member page's use of the dialog: a button opens it; Cancel and a done adjustment close it. */
function OpensAndCloses({ onDone = () => {} }: { onDone?: (text: string) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Adjust balance
      </button>
      <AdjustBalanceDialog
        uid="u1"
        open={open}
        onClose={() => setOpen(false)}
        onDone={(text) => {
          setOpen(false);
          onDone(text);
        }}
      />
    </>
  );
}

const openDialog = () => {
  // While the last opening fades out the page is still hidden from the accessibility tree; the
  // button keeps the focus it got back, so a keyboard can open the dialog again at once.
  fireEvent.click(screen.getByRole("button", { name: "Adjust balance", hidden: true }));
  return screen.getByRole("dialog", { name: "Adjust a balance" });
};
const cancel = async (dialog: HTMLElement, { waitForExit }: { waitForExit: boolean }) => {
  fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
  if (waitForExit) await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
};
const fill = (
  dialog: HTMLElement,
  values: { direction: "Credit (add)" | "Debit (take)"; amount: string; reason: string },
) => {
  fireEvent.click(within(dialog).getByLabelText(values.direction));
  fireEvent.change(within(dialog).getByLabelText("Amount"), { target: { value: values.amount } });
  fireEvent.change(within(dialog).getByLabelText("Reason"), { target: { value: values.reason } });
};
/** What a fresh opening shows: Credit, nothing typed, no error anywhere. */
const expectFresh = (dialog: HTMLElement) => {
  expect((within(dialog).getByLabelText("Credit (add)") as HTMLInputElement).checked).toBe(true);
  expect((within(dialog).getByLabelText("Debit (take)") as HTMLInputElement).checked).toBe(false);
  expect((within(dialog).getByLabelText("Amount") as HTMLInputElement).value).toBe("");
  expect((within(dialog).getByLabelText("Reason") as HTMLTextAreaElement).value).toBe("");
  expect(within(dialog).queryByRole("alert")).toBeNull();
  expect(within(dialog).queryByText("At least 3 characters")).toBeNull();
  expect(within(dialog).getByRole("button", { name: "Credit" })).toBeTruthy();
};

describe("AdjustBalanceDialog", () => {
  it("checks amount and reason, then debits signed microcents and says the new balance", async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url.endsWith("/adjust") && init?.method === "POST") {
          bodies.push(JSON.parse(String(init.body)));
          return json({
            transactionId: "t1",
            account: "wallet",
            amountMicrocents: apiCents(-2500),
            balanceAfterMicrocents: apiCents(7500),
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
    expect(await within(dialog).findByText("Cannot be negative")).toBeTruthy();
    expect(within(dialog).getByText("At least 3 characters")).toBeTruthy();
    fireEvent.change(amount, { target: { value: "0" } });
    expect(await within(dialog).findByText("Cannot be zero")).toBeTruthy();
    fireEvent.click(within(dialog).getByLabelText("Debit (take)"));
    fireEvent.change(amount, { target: { value: "25" } });
    fireEvent.change(within(dialog).getByLabelText("Reason"), { target: { value: " Duplicate deposit " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Debit" }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith("Debited Wallet: new balance 75.00 USD."));
    expect(bodies).toEqual([{ account: "wallet", amountMicrocents: apiCents(-2500), reason: "Duplicate deposit" }]);
  });

  it.each([
    { when: "after the closing animation", waitForExit: true },
    { when: "reopened at once", waitForExit: false },
  ])(
    "starts afresh at every opening: after Cancel, a refusal and a done adjustment ($when)",
    async ({ waitForExit }) => {
      const sent: { body: unknown; key: string | null }[] = [];
      vi.stubGlobal(
        "fetch",
        vi.fn(async (url: string, init?: RequestInit) => {
          if (url.endsWith("/adjust") && init?.method === "POST") {
            const body = JSON.parse(String(init.body)) as { amountMicrocents: string };
            sent.push({ body, key: new Headers(init.headers).get("Idempotency-Key") });
            if (BigInt(body.amountMicrocents) < 0n) {
              return json({ error: { code: "INSUFFICIENT_FUNDS", message: "Insufficient funds in wallet." } }, 409);
            }
            return json({
              transactionId: "t1",
              account: "wallet",
              amountMicrocents: apiCents(1000),
              balanceAfterMicrocents: apiCents(1000),
              replayed: false,
            });
          }
          return json({});
        }),
      );
      const onDone = vi.fn();
      renderWithApp(<OpensAndCloses onDone={onDone} />, { member: null });

      // Cancel with a debit typed (and a reason too short): nothing of it comes back.
      let dialog = openDialog();
      expectFresh(dialog);
      fill(dialog, { direction: "Debit (take)", amount: "77", reason: "x" });
      fireEvent.click(within(dialog).getByRole("button", { name: "Debit" }));
      expect(await within(dialog).findByText("At least 3 characters")).toBeTruthy();
      await cancel(dialog, { waitForExit });
      dialog = openDialog();
      expectFresh(dialog);

      // A refusal from the server, then Cancel: the error is gone with the values.
      fill(dialog, { direction: "Debit (take)", amount: "77", reason: "Duplicate deposit" });
      fireEvent.click(within(dialog).getByRole("button", { name: "Debit" }));
      expect(await within(dialog).findByText("Insufficient funds in wallet.")).toBeTruthy();
      await cancel(dialog, { waitForExit });
      dialog = openDialog();
      expectFresh(dialog);

      // A done adjustment closes the dialog; the next opening is a fresh credit again.
      fill(dialog, { direction: "Credit (add)", amount: "10", reason: "Goodwill" });
      fireEvent.click(within(dialog).getByRole("button", { name: "Credit" }));
      await waitFor(() => expect(onDone).toHaveBeenCalledWith("Credited Wallet: new balance 10.00 USD."));
      if (waitForExit) await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
      dialog = openDialog();
      expectFresh(dialog);

      expect(sent.map((s) => s.body)).toEqual([
        { account: "wallet", amountMicrocents: apiCents(-7700), reason: "Duplicate deposit" },
        { account: "wallet", amountMicrocents: apiCents(1000), reason: "Goodwill" },
      ]);
      // The refusal was a definite answer: the credit went under a new key.
      expect(sent[0]?.key).toBeTruthy();
      expect(sent[1]?.key).not.toBe(sent[0]?.key);
    },
  );
});
