import { z } from "@helio/shared/zod";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { useSubmitForm } from "./submit-form.ts";

const schema = z.object({ amount: z.string().check(z.minLength(1)) });

/** A form with one field, sent by `send`; `leavesWhenSent` as the pages that go to an invoice. */
function AmountForm(props: { send: () => Promise<unknown>; leavesWhenSent?: boolean }) {
  const { form, submit, formError } = useSubmitForm({
    schema,
    defaultValues: { amount: "10" },
    fields: ["amount"],
    send: props.send,
    leavesWhenSent: props.leavesWhenSent,
  });
  return (
    <form onSubmit={submit} aria-label="Amount form">
      <input aria-label="Amount" {...form.register("amount")} />
      {formError ? <p role="alert">{formError}</p> : null}
    </form>
  );
}

/** A field checked against a balance in microcents, which the rules key carries (a bigint). */
function BalanceForm({ balance }: { balance: bigint }) {
  const { form } = useSubmitForm({
    schema: z.object({
      amount: z.string().check(z.refine((text) => BigInt(text) <= balance, "More than the balance")),
    }),
    mode: "onTouched",
    defaultValues: { amount: "" },
    fields: ["amount"],
    send: async () => null,
    rulesKey: [balance],
  });
  const error = form.formState.errors.amount?.message;
  return (
    <form aria-label="Balance form">
      <input aria-label="Amount" {...form.register("amount")} />
      {error ? <p role="alert">{error}</p> : null}
    </form>
  );
}

/** Enter in the field: the form's submit event. */
const pressEnter = () => fireEvent.submit(screen.getByRole("form", { name: "Amount form" }));

describe("useSubmitForm", () => {
  it("drops a second Enter after the answer on a form that goes to another page (one purchase, not two)", async () => {
    const send = vi.fn(async () => ({ id: "i1" }));
    render(<AmountForm send={send} leavesWhenSent />);
    pressEnter();
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    // The first answer is in; the page has not changed yet.
    await new Promise((resolve) => setTimeout(resolve, 0));
    pressEnter();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("takes the next submit after the answer on a form that stays", async () => {
    const send = vi.fn(async () => ({ id: "i1" }));
    render(<AmountForm send={send} />);
    pressEnter();
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    pressEnter();
    await waitFor(() => expect(send).toHaveBeenCalledTimes(2));
  });

  it("drops a second submit while the first is on its way", async () => {
    let answer: (value: unknown) => void = () => {};
    const send = vi.fn(() => new Promise((resolve) => (answer = resolve)));
    render(<AmountForm send={send} />);
    pressEnter();
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    pressEnter();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(send).toHaveBeenCalledTimes(1);
    answer({ id: "i1" });
    await new Promise((resolve) => setTimeout(resolve, 0));
    pressEnter();
    await waitFor(() => expect(send).toHaveBeenCalledTimes(2));
  });

  it("takes a new submit after a refusal, on a form that would have left", async () => {
    const send = vi.fn().mockRejectedValueOnce(new Error("Refused")).mockResolvedValueOnce({ id: "i1" });
    render(<AmountForm send={send} leavesWhenSent />);
    pressEnter();
    expect(await screen.findByRole("alert")).toBeTruthy();
    pressEnter();
    await waitFor(() => expect(send).toHaveBeenCalledTimes(2));
  });

  it("checks a left field again when a bigint of its rules changes", async () => {
    const { rerender } = render(<BalanceForm balance={10n} />);
    const input = screen.getByLabelText("Amount");
    fireEvent.change(input, { target: { value: "8" } });
    fireEvent.blur(input);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole("alert")).toBeNull();
    rerender(<BalanceForm balance={5n} />);
    expect((await screen.findByRole("alert")).textContent).toBe("More than the balance");
  });
});
