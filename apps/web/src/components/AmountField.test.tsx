import type { Currency, RateQuote } from "@helio/shared";
import { USD_QUOTE } from "@helio/shared";
import { fireEvent, render, screen } from "@testing-library/react";
import { useForm } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { validAmountMicrocents } from "../lib/amount.ts";
import { WithI18n } from "../test/render.tsx";
import { MemberAmountField } from "./AmountField.tsx";

/** The field as the money forms use it: its text watched, its microcents when valid. */
function AmountForm({ currency, quote }: { currency: Currency; quote: RateQuote }) {
  const form = useForm({ defaultValues: { amount: "" } });
  const typed = form.watch("amount");
  return (
    <MemberAmountField
      id="amount"
      rate={{ currency, quote }}
      registration={form.register("amount")}
      typed={typed}
      microcents={validAmountMicrocents(typed, {}, quote)}
    />
  );
}

const IDR = { currency: "IDR", rate: "16250" } as const;
const NOTE = /amounts are kept in millionths of a US cent/;

describe("MemberAmountField", () => {
  it("says what a typed amount is in USD, and that it is kept as typed", () => {
    render(<AmountForm currency="IDR" quote={IDR} />, { wrapper: WithI18n });
    // 500,000 IDR at 16,250 is 30.76923077 USD, which is 500,000.00 IDR again: no note (whole cents made it 500,012.50).
    fireEvent.change(screen.getByLabelText("Amount (IDR)"), { target: { value: "500000" } });
    expect(screen.getByText("That is 30.77 USD at 16,250 IDR per USD.")).toBeTruthy();
    expect(screen.queryByText(NOTE)).toBeNull();
    fireEvent.change(screen.getByLabelText("Amount (IDR)"), { target: { value: "162500" } });
    expect(screen.getByText("That is 10.00 USD at 16,250 IDR per USD.")).toBeTruthy();
    expect(screen.queryByText(NOTE)).toBeNull();
    // Nor does text that is not an amount.
    fireEvent.change(screen.getByLabelText("Amount (IDR)"), { target: { value: "abc" } });
    expect(screen.queryByText(/^That is/)).toBeNull();
    expect(screen.queryByText(NOTE)).toBeNull();
  });

  it("says what an amount whose microcents are another amount is rounded to", () => {
    // Above 1,000,000 per USD a microcent is more than a hundredth: 30,000.01 is held as 0.01 USD, 30,000.00.
    render(<AmountForm currency="IDR" quote={{ currency: "IDR", rate: "3000000" }} />, { wrapper: WithI18n });
    fireEvent.change(screen.getByLabelText("Amount (IDR)"), { target: { value: "30000.01" } });
    expect(screen.getByText("That is 0.01 USD at 3,000,000 IDR per USD.")).toBeTruthy();
    expect(
      screen.getByText("Rounded to 30,000.00 IDR (0.01 USD): amounts are kept in millionths of a US cent."),
    ).toBeTruthy();
  });

  it("tells a USD member nothing: the amount typed is the amount", () => {
    render(<AmountForm currency="USD" quote={USD_QUOTE} />, { wrapper: WithI18n });
    fireEvent.change(screen.getByLabelText("Amount (USD)"), { target: { value: "30.77" } });
    expect(screen.queryByText(/^That is/)).toBeNull();
    expect(screen.queryByText(NOTE)).toBeNull();
  });
});
