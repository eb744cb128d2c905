import type { Currency, RateQuote } from "@helio/shared";
import { USD_QUOTE } from "@helio/shared";
import { fireEvent, render, screen } from "@testing-library/react";
import { useForm } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { validAmountCents } from "../lib/amount.ts";
import { WithI18n } from "../test/render.tsx";
import { MemberAmountField } from "./AmountField.tsx";

/** The field as the money forms use it: its text watched, its cents when valid. */
function AmountForm({ currency, quote }: { currency: Currency; quote: RateQuote }) {
  const form = useForm({ defaultValues: { amount: "" } });
  const typed = form.watch("amount");
  return (
    <MemberAmountField
      id="amount"
      rate={{ currency, quote }}
      registration={form.register("amount")}
      typed={typed}
      cents={validAmountCents(typed, {}, quote)}
    />
  );
}

const IDR = { currency: "IDR", rate: "16250" } as const;
const NOTE = /amounts are kept in whole US cents/;

describe("MemberAmountField", () => {
  it("says what an amount that does not convert to whole cents is rounded to", () => {
    render(<AmountForm currency="IDR" quote={IDR} />, { wrapper: WithI18n });
    // 500,000 IDR at 16,250 is 30.769… USD: held as 30.77 USD, which is 500,012.50 IDR.
    fireEvent.change(screen.getByLabelText("Amount (IDR)"), { target: { value: "500000" } });
    expect(screen.getByText("That is 30.77 USD at 16,250 IDR per USD.")).toBeTruthy();
    expect(screen.getByText("Rounded to 500,012.50 IDR (30.77 USD): amounts are kept in whole US cents.")).toBeTruthy();
    // An amount that converts exactly has no note.
    fireEvent.change(screen.getByLabelText("Amount (IDR)"), { target: { value: "162500" } });
    expect(screen.getByText("That is 10.00 USD at 16,250 IDR per USD.")).toBeTruthy();
    expect(screen.queryByText(NOTE)).toBeNull();
    // Nor does text that is not an amount.
    fireEvent.change(screen.getByLabelText("Amount (IDR)"), { target: { value: "abc" } });
    expect(screen.queryByText(/^That is/)).toBeNull();
    expect(screen.queryByText(NOTE)).toBeNull();
  });

  it("tells a USD member nothing: the amount typed is the amount", () => {
    render(<AmountForm currency="USD" quote={USD_QUOTE} />, { wrapper: WithI18n });
    fireEvent.change(screen.getByLabelText("Amount (USD)"), { target: { value: "30.77" } });
    expect(screen.queryByText(/^That is/)).toBeNull();
    expect(screen.queryByText(NOTE)).toBeNull();
  });
});
