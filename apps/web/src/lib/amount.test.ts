import { fromCents, USD_QUOTE } from "@helio/shared";
import { describe, expect, it } from "vitest";
import {
  amountFormSchema,
  amountInputText,
  amountProblem,
  amountRangeText,
  amountRequest,
  amountSchema,
  maximumText,
  minimumText,
  roundedAmountNote,
  typedAmountMicrocents,
  validAmountMicrocents,
} from "./amount.ts";

const IDR = { currency: "IDR", rate: "16250" } as const;

describe("amountProblem", () => {
  it("checks the format with the shared schema's words", () => {
    expect(amountProblem("")).toBe("Enter an amount");
    expect(amountProblem("   ")).toBe("Enter an amount");
    expect(amountProblem("-5")).toBe("Cannot be negative");
    expect(amountProblem("10.001")).toBe("At most 2 decimals");
    expect(amountProblem("1,000")).toBe("Enter an amount like 12.34");
    expect(amountProblem("0.00")).toBe("Must be more than zero");
    expect(amountProblem("1000000000.01")).toBe("At most 1,000,000,000.00 USD");
    expect(amountProblem(" 12.5 ")).toBeNull();
  });

  it("words a sign, a huge number and a non-number alike for every amount field, as the server does", () => {
    for (const rules of [
      {},
      { min: { microcents: fromCents(100) } },
      { balance: { microcents: fromCents(100) } },
      { check: () => "Checked" },
    ]) {
      expect(amountProblem("-5", rules)).toBe("Cannot be negative");
      expect(amountProblem("-0.5", rules)).toBe("Cannot be negative");
      expect(amountProblem("99999999999999999999", rules)).toBe("At most 1,000,000,000.00 USD");
      expect(amountProblem("99999999999999999999", rules, IDR)).toBe(
        "At most 1,000,000,000.00 USD (16,250,000,000,000.00 IDR)",
      );
      for (const text of ["abc", "1,000", "1e5", "12.", "--5", "- "])
        expect(amountProblem(text, rules), text).toBe("Enter an amount like 12.34");
    }
    // The largest amount itself passes; a cent more does not.
    expect(amountProblem("1000000000")).toBeNull();
    expect(amountProblem("0001000000000.00")).toBeNull();
    expect(amountProblem("1000000000.01", { balance: { microcents: fromCents(100), message: "Over" } })).toBe(
      "At most 1,000,000,000.00 USD",
    );
  });

  it("then the limits, in order: minimum, maximum, the extra check, the balance", () => {
    const rules = {
      min: { microcents: fromCents(1_000) },
      max: { microcents: fromCents(1_000_000) },
      check: (microcents: bigint) => (microcents === fromCents(5_000) ? "Not fifty" : null),
      balance: { microcents: fromCents(20_000) },
    };
    expect(amountProblem("9.99", rules)).toBe("At least 10.00 USD");
    expect(amountProblem("10000.01", rules)).toBe("At most 10,000.00 USD");
    expect(amountProblem("50", rules)).toBe("Not fifty");
    expect(amountProblem("200.01", rules)).toBe("More than your wallet balance");
    expect(amountProblem("200", rules)).toBeNull();
    expect(amountProblem("9.99", { min: { microcents: fromCents(1_000), message: "Too little" } })).toBe("Too little");
  });

  it("names the form's maximum a huge amount is past, else the largest amount", () => {
    expect(amountProblem("999999999999", { max: { microcents: fromCents(100) } })).toBe("At most 1.00 USD");
    expect(amountProblem("99999999999999999999", { max: { microcents: fromCents(100), message: "Max" } })).toBe("Max");
    expect(amountProblem("999999999999", { min: { microcents: fromCents(100) } })).toBe("At most 1,000,000,000.00 USD");
    expect(amountProblem("999999999999", { balance: { microcents: fromCents(100), message: "Over" } })).toBe(
      "At most 1,000,000,000.00 USD",
    );
  });

  it("says zero is below the minimum when there is one", () => {
    expect(amountProblem("0", { min: { microcents: fromCents(100) } })).toBe("At least 1.00 USD");
    expect(amountProblem("0.00", { min: { microcents: fromCents(100), message: "Too little" } })).toBe("Too little");
    expect(amountProblem("0")).toBe("Must be more than zero");
  });

  it("takes a back-office editor's own words for a problem with the text", () => {
    // The trading settings: every unreadable amount names the field; zero is said its way.
    const stake = { messages: { invalid: "Minimum stake: an amount like 1.00", zero: "At least 0.01 USD" } };
    for (const text of ["", "-1", "1.234", "abc"])
      expect(amountProblem(text, stake)).toBe("Minimum stake: an amount like 1.00");
    expect(amountProblem("0", stake)).toBe("At least 0.01 USD");
    // Past the largest amount is no problem with the text: the shared words.
    expect(amountProblem("99999999999999999999", stake)).toBe("At most 1,000,000,000.00 USD");
    // A specific word wins over `invalid`.
    expect(amountProblem("", { messages: { invalid: "Bad", empty: "Empty" } })).toBe("Empty");
    // The admin adjustment: a sign or a third decimal is just not an amount; zero is named.
    const example = "Enter an amount like 12.34";
    const adjust = { messages: { negative: example, decimals: example, zero: "Cannot be zero" } };
    expect(amountProblem("-5", adjust)).toBe(example);
    expect(amountProblem("1.234", adjust)).toBe(example);
    expect(amountProblem("0", adjust)).toBe("Cannot be zero");
    expect(amountProblem("1000000000.01", adjust)).toBe("At most 1,000,000,000.00 USD");
  });
});

describe("the balance as shown", () => {
  // 1,138,461,537 microcents shows as 185,000.00 IDR; 185,000 IDR typed converts to 1,138,461,538.
  const balance = { microcents: 1_138_461_537n };

  it("lets the member type the balance the screen shows, though it converts to a microcent more", () => {
    expect(amountProblem("185000", { balance }, IDR)).toBeNull();
    expect(amountProblem("185000.01", { balance }, IDR)).toBe("More than your wallet balance");
    expect(amountProblem("10.49", { balance: { microcents: 1_048_900_000n } })).toBeNull();
    expect(amountProblem("10.50", { balance: { microcents: 1_048_900_000n } })).toBe("More than your wallet balance");
  });
});

describe("validAmountMicrocents", () => {
  it("gives the exact microcents of a valid amount, else null", () => {
    expect(validAmountMicrocents("0.29")).toBe(fromCents(29));
    expect(validAmountMicrocents(" 12.5 ")).toBe(fromCents(1_250));
    expect(validAmountMicrocents("12.5", { min: { microcents: fromCents(2_000) } })).toBeNull();
    expect(validAmountMicrocents("abc")).toBeNull();
  });
});

describe("amountSchema", () => {
  it("trims the text and refuses with the same message", () => {
    expect(amountSchema().parse(" 12.34 ")).toBe("12.34");
    const result = amountFormSchema({ min: { microcents: fromCents(1_000) } }).safeParse({ amount: "9" });
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["amount", "At least 10.00 USD"]]);
  });
});

describe("an amount in the member's currency", () => {
  const rules = {
    min: { microcents: fromCents(1_000) },
    max: { microcents: fromCents(1_000_000) },
    balance: { microcents: fromCents(20_000) },
  };

  it("checks the format as the server reads `local.amount` (digits, 2 decimals)", () => {
    expect(amountProblem("", rules, IDR)).toBe("Enter an amount");
    expect(amountProblem("-5", rules, IDR)).toBe("Cannot be negative");
    expect(amountProblem("162500.505", rules, IDR)).toBe("At most 2 decimals");
    expect(amountProblem("162,500", rules, IDR)).toBe("Enter an amount like 12.34");
    expect(amountProblem("0", rules, IDR)).toBe("At least 10.00 USD (162,500.00 IDR)");
    expect(amountProblem("0", {}, IDR)).toBe("Must be more than zero");
  });

  it("compares the limits in microcents after the server's conversion, and names them in both currencies", () => {
    expect(amountProblem("162418.74", rules, IDR)).toBe("At least 10.00 USD (162,500.00 IDR)");
    // 9.995 USD exactly: no longer rounded to the even cent (10.00), so below the minimum.
    expect(amountProblem("162418.75", rules, IDR)).toBe("At least 10.00 USD (162,500.00 IDR)");
    expect(amountProblem("162499.99", rules, IDR)).toBe("At least 10.00 USD (162,500.00 IDR)"); // 9.99999938 USD
    expect(amountProblem("162500", rules, IDR)).toBeNull();
    expect(amountProblem("162500100", rules, IDR)).toBe("At most 10,000.00 USD (162,500,000.00 IDR)");
    expect(amountProblem("3250000", rules, IDR)).toBeNull(); // 200.00 USD, the whole balance
    // 200.00498462 USD: no longer rounded down to 200.00, so past the balance.
    expect(amountProblem("3250081", rules, IDR)).toBe("More than your wallet balance");
    expect(amountProblem("3250082", rules, IDR)).toBe("More than your wallet balance");
    expect(validAmountMicrocents("243750", rules, IDR)).toBe(fromCents(1_500));
    // 500,000 IDR is 30.76923076923… USD: 3,076,923,077 microcents, to the nearest.
    expect(validAmountMicrocents("500000", rules, IDR)).toBe(3_076_923_077n);
    expect(amountProblem("0.01", {}, IDR)).toBe("Less than 0.01 USD at 16,250 IDR per USD");
    // The largest amount is 1,000,000,000.00 USD, at any rate.
    expect(amountProblem("16250000000000", {}, IDR)).toBeNull();
    expect(amountProblem("16250000000100", {}, IDR)).toBe("At most 1,000,000,000.00 USD (16,250,000,000,000.00 IDR)");
    expect(amountProblem("999999999999999", {}, { currency: "BHD", rate: "0.376" })).toBe(
      "At most 1,000,000,000.00 USD (376,000,000.00 BHD)",
    );
  });

  it("checks only the format while the rate is unknown, and gives no amount", () => {
    expect(amountProblem("1", rules, null)).toBeNull();
    expect(amountProblem("1.234", rules, null)).toBe("At most 2 decimals");
    expect(validAmountMicrocents("162500", rules, null)).toBeNull();
    expect(typedAmountMicrocents("162500", null)).toBeNull();
    expect(() => amountRequest("162500", null)).toThrow("The exchange rate is still loading");
  });

  it("gives the microcents of a well-formed amount whatever the limits", () => {
    expect(typedAmountMicrocents("81250", IDR)).toBe(fromCents(500));
    expect(typedAmountMicrocents(" 12.5 ", USD_QUOTE)).toBe(fromCents(1_250));
    // 0.01 IDR is 0.00000061538… USD: less than a cent, still an amount (the rules refuse it).
    expect(typedAmountMicrocents("0.01", IDR)).toBe(62n);
    expect(typedAmountMicrocents("1.234", IDR)).toBeNull();
  });

  it("rounds a minimum up and a maximum down in the member's currency, so typing either passes", () => {
    const bhd = { currency: "BHD", rate: "0.376" } as const;
    expect(minimumText(fromCents(1_001), bhd)).toBe("10.01 USD (3.77 BHD)"); // 3.76376
    expect(maximumText(fromCents(1_001), bhd)).toBe("10.01 USD (3.76 BHD)");
    expect(minimumText(fromCents(1_000), null)).toBe("10.00 USD");
    expect(minimumText(fromCents(1_000), USD_QUOTE)).toBe("10.00 USD");
    // The USD part too, for a limit between two cents: 10.00000001 USD.
    expect(minimumText(fromCents(1_000) + 1n, USD_QUOTE)).toBe("10.01 USD");
    expect(maximumText(fromCents(1_000) + 1n, USD_QUOTE)).toBe("10.00 USD");
  });

  it("is sent as `amount` by a USD member, else as `local` with the rate the form showed", () => {
    expect(amountRequest(" 12.34 ", USD_QUOTE)).toEqual({ amount: "12.34" });
    expect(amountRequest("162500", IDR)).toEqual({ local: { amount: "162500", currency: "IDR", rate: "16250" } });
  });

  it("names the limits as the hints do, in both currencies (USD alone for a USD member)", () => {
    expect(amountRangeText(fromCents(10_000), fromCents(100_000), IDR)).toBe(
      "From 100.00 USD (1,625,000.00 IDR) to 1,000.00 USD (16,250,000.00 IDR)",
    );
    expect(amountRangeText(fromCents(10_000), fromCents(100_000), USD_QUOTE)).toBe("From 100.00 USD to 1,000.00 USD");
    expect(amountRangeText(fromCents(10_000), fromCents(100_000), null)).toBe("From 100.00 USD to 1,000.00 USD");
  });

  it("says what an amount is rounded to only when its microcents are another amount than the one typed", () => {
    // 500,000 IDR is 30.76923077 USD, which is 500,000.00 IDR again: kept as typed (whole cents made it 500,012.50).
    expect(roundedAmountNote("500000", IDR)).toBeNull();
    // 1,000 JPY at 150 is 6.66666667 USD, 1,000.00 JPY again.
    expect(roundedAmountNote(" 1000 ", { currency: "JPY", rate: "150" })).toBeNull();
    // Above 1,000,000 per USD a microcent is more than a hundredth: 30,000.01 at 3,000,000 is
    // 1,000,000.33… microcents, held as 1,000,000 (0.01 USD), which is 30,000.00.
    expect(roundedAmountNote("30000.01", { currency: "IDR", rate: "3000000" })).toBe(
      "Rounded to 30,000.00 IDR (0.01 USD): amounts are kept in millionths of a US cent.",
    );
    // Exact.
    expect(roundedAmountNote("162500", IDR)).toBeNull();
    expect(roundedAmountNote("1.00", { currency: "BHD", rate: "0.376" })).toBeNull();
    expect(roundedAmountNote("30000", { currency: "IDR", rate: "3000000" })).toBeNull();
    // A USD amount, no amount, no rate.
    expect(roundedAmountNote("12.345", USD_QUOTE)).toBeNull();
    expect(roundedAmountNote("12.34", USD_QUOTE)).toBeNull();
    expect(roundedAmountNote("abc", IDR)).toBeNull();
    expect(roundedAmountNote("500000", null)).toBeNull();
  });

  it("writes microcents as an amount input takes them, two decimals", () => {
    expect(amountInputText(fromCents(1_000), USD_QUOTE)).toBe("10.00");
    expect(amountInputText(fromCents(1_000), IDR)).toBe("162500.00");
    expect(amountInputText(fromCents(1_001), { currency: "BHD", rate: "0.376" }, "down")).toBe("3.76");
    // Between two cents: to the nearest, or down so that typing it never asks for more.
    expect(amountInputText(615_384_615n, USD_QUOTE)).toBe("6.15");
    expect(amountInputText(fromCents(1_000) - 1n, USD_QUOTE)).toBe("10.00");
    expect(amountInputText(fromCents(1_000) - 1n, USD_QUOTE, "down")).toBe("9.99");
    expect(amountInputText(3_076_923_077n, IDR, "down")).toBe("500000.00");
  });
});
