import { fromCents, USD_QUOTE } from "@helio/shared";
import { describe, expect, it } from "vitest";
import { amountProblem, validAmountMicrocents } from "../../lib/amount.ts";
import { transferAmountRules } from "./model.ts";

describe("transferAmountRules", () => {
  const rules = transferAmountRules(fromCents(10_000), fromCents(1_000), USD_QUOTE);

  it("accepts an amount between the minimum and the balance", () => {
    expect(amountProblem("25.50", rules)).toBeNull();
    expect(validAmountMicrocents("25.50", rules)).toBe(fromCents(2_550));
    expect(validAmountMicrocents("100", rules)).toBe(fromCents(10_000));
  });

  it.each([
    ["", "Enter an amount"],
    ["-1", "Cannot be negative"],
    ["1.234", "At most 2 decimals"],
    ["abc", "Enter an amount like 12.34"],
    ["0", "At least 10.00 USD"],
    ["99999999999999999999", "At most 1,000,000,000.00 USD"],
    ["9.99", "At least 10.00 USD"],
    ["100.01", "More than the fund's balance"],
  ])("refuses %j: %s", (text, problem) => {
    expect(amountProblem(text, rules)).toBe(problem);
  });

  it("takes an amount in the member's currency, the limits in both", () => {
    const idr = { currency: "IDR", rate: "16250" } as const;
    const local = transferAmountRules(fromCents(10_000), fromCents(1_000), idr);
    expect(validAmountMicrocents("1625000", local, idr)).toBe(fromCents(10_000));
    expect(amountProblem("100000", local, idr)).toBe("At least 10.00 USD (162,500.00 IDR)");
    expect(amountProblem("1625100", local, idr)).toBe("More than the fund's balance");
    // 100.00000062 USD: a fraction of a cent past the balance is past it.
    expect(amountProblem("1625000.01", local, idr)).toBe("More than the fund's balance");
  });
});
