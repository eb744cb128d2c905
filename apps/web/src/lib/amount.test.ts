import { describe, expect, it } from "vitest";
import { amountFormSchema, amountProblem, amountSchema, validAmountCents } from "./amount.ts";

describe("amountProblem", () => {
  it("checks the format with the shared schema's words", () => {
    expect(amountProblem("")).toBe("Enter an amount");
    expect(amountProblem("   ")).toBe("Enter an amount");
    expect(amountProblem("-5")).toBe("Cannot be negative");
    expect(amountProblem("10.001")).toBe("At most 2 decimals");
    expect(amountProblem("1,000")).toBe("Enter an amount like 12.34");
    expect(amountProblem("0.00")).toBe("Must be more than zero");
    expect(amountProblem("1000000000.01")).toBe("Too large");
    expect(amountProblem(" 12.5 ")).toBeNull();
  });

  it("then the limits, in order: minimum, maximum, the extra check, the balance", () => {
    const rules = {
      min: { cents: 1_000 },
      max: { cents: 1_000_000 },
      check: (cents: number) => (cents === 5_000 ? "Not fifty" : null),
      balance: { cents: 20_000 },
    };
    expect(amountProblem("9.99", rules)).toBe("At least 10.00 USD");
    expect(amountProblem("10000.01", rules)).toBe("At most 10,000.00 USD");
    expect(amountProblem("50", rules)).toBe("Not fifty");
    expect(amountProblem("200.01", rules)).toBe("More than your wallet balance");
    expect(amountProblem("200", rules)).toBeNull();
    expect(amountProblem("9.99", { min: { cents: 1_000, message: "Too little" } })).toBe("Too little");
  });

  it("names the limit a huge amount is past, and says 'Too large' only without one", () => {
    expect(amountProblem("999999999999", { balance: { cents: 100, message: "Over" } })).toBe("Over");
    expect(amountProblem("999999999999", { max: { cents: 100 } })).toBe("At most 1.00 USD");
    expect(amountProblem("999999999999", { min: { cents: 100 } })).toBe("Too large");
  });

  it("takes a form's own words for a format problem", () => {
    // The trade panel: every unreadable amount gets one message; zero is below the minimum.
    const trade = {
      min: { cents: 100, message: "At least 1.00 USD" },
      messages: { invalid: "Enter an amount like 10.00", zero: "At least 1.00 USD" },
    };
    for (const text of ["", "-1", "1.234", "abc"])
      expect(amountProblem(text, trade)).toBe("Enter an amount like 10.00");
    expect(amountProblem("0", trade)).toBe("At least 1.00 USD");
    // A specific word wins over `invalid`.
    expect(amountProblem("", { messages: { invalid: "Bad", empty: "Empty" } })).toBe("Empty");
    // The admin adjustment: a sign or a third decimal is just not an amount; zero is named.
    const example = "Enter an amount like 12.34";
    const adjust = { messages: { negative: example, decimals: example, zero: "Cannot be zero" } };
    expect(amountProblem("-5", adjust)).toBe(example);
    expect(amountProblem("1.234", adjust)).toBe(example);
    expect(amountProblem("0", adjust)).toBe("Cannot be zero");
    expect(amountProblem("1000000000.01", adjust)).toBe("Too large");
  });
});

describe("validAmountCents", () => {
  it("gives the exact cents of a valid amount, else null", () => {
    expect(validAmountCents("0.29")).toBe(29);
    expect(validAmountCents(" 12.5 ")).toBe(1_250);
    expect(validAmountCents("12.5", { min: { cents: 2_000 } })).toBeNull();
    expect(validAmountCents("abc")).toBeNull();
  });
});

describe("amountSchema", () => {
  it("trims the text and refuses with the same message", () => {
    expect(amountSchema().parse(" 12.34 ")).toBe("12.34");
    const result = amountFormSchema({ min: { cents: 1_000 } }).safeParse({ amount: "9" });
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["amount", "At least 10.00 USD"]]);
  });
});
