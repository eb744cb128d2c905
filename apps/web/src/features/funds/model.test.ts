import { describe, expect, it } from "vitest";
import { transferProblem } from "./model.ts";

describe("transferProblem", () => {
  it("accepts an amount between the minimum and the balance", () => {
    expect(transferProblem("25.50", 10_000, 1_000)).toEqual({ amountCents: 2_550, problem: null });
    expect(transferProblem("100", 10_000, 1_000)).toEqual({ amountCents: 10_000, problem: null });
  });

  it.each([
    ["", "Enter an amount"],
    ["-1", "Cannot be negative"],
    ["1.234", "At most 2 decimals"],
    ["0", "Enter an amount like 10 or 10.50"],
    ["9.99", "At least 10.00 USD"],
    ["100.01", "More than the fund's balance"],
  ])("refuses %j: %s", (text, problem) => {
    expect(transferProblem(text, 10_000, 1_000).problem).toBe(problem);
  });
});
