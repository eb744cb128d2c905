import {
  ageOn,
  amountInputSchema,
  bankAccountInputSchema,
  createWithdrawalSchema,
  decimalAmountSchema,
  fromCents,
  kycFieldsSchema,
  MAX_AMOUNT_MICROCENTS,
  maskAccountNumber,
  microcentsToDecimal,
  mulDivHalfEven,
  parseDecimalToMicrocents,
  withdrawalQuote,
} from "@helio/shared";
import { describe, expect, it } from "vitest";

describe("mulDivHalfEven", () => {
  it("keeps what the cent lost: 1% of 12.50 USD is 0.125 USD exactly", () => {
    expect(mulDivHalfEven(fromCents(1_250), 100, 10_000)).toBe(12_500_000n);
    expect(mulDivHalfEven(fromCents(1_350), 100, 10_000)).toBe(13_500_000n);
    expect(mulDivHalfEven(fromCents(10_000), 250, 10_000)).toBe(fromCents(250));
    expect(mulDivHalfEven(0n, 100, 10_000)).toBe(0n);
  });

  it("rounds once to the microcent, ties to the even one and everything else to the nearest", () => {
    expect(mulDivHalfEven(25n, 1, 10)).toBe(2n); // 2.5 → 2
    expect(mulDivHalfEven(35n, 1, 10)).toBe(4n); // 3.5 → 4
    expect(mulDivHalfEven(251n, 1, 100)).toBe(3n); // 2.51 → 3
    expect(mulDivHalfEven(249n, 1, 100)).toBe(2n); // 2.49 → 2
    expect(mulDivHalfEven(5n, 1, 2)).toBe(2n); // 2.5 → 2
    expect(mulDivHalfEven(7n, 1, 2)).toBe(4n); // 3.5 → 4
    // A third and two thirds of 1.00 USD: 0.33333333 and 0.66666667 USD.
    expect(mulDivHalfEven(fromCents(100), 1, 3)).toBe(33_333_333n);
    expect(mulDivHalfEven(fromCents(100), 2, 3)).toBe(66_666_667n);
  });

  it("is symmetric for negative amounts", () => {
    expect(mulDivHalfEven(-25n, 1, 10)).toBe(-2n);
    expect(mulDivHalfEven(-35n, 1, 10)).toBe(-4n);
    expect(mulDivHalfEven(-251n, 1, 100)).toBe(-3n);
    expect(mulDivHalfEven(-fromCents(100), 2, 3)).toBe(-66_666_667n);
  });

  it("is exact where floating point is not, past 2⁵³ too", () => {
    // 1.005 × 100 in floating point is 100.49999…; exactly it is a tie that goes to even (100).
    expect(mulDivHalfEven(1005n, 1, 10)).toBe(100n);
    expect(mulDivHalfEven(1015n, 1, 10)).toBe(102n);
    // Results a number cannot hold are no longer refused: a bigint holds them exactly.
    expect(mulDivHalfEven(9_007_199_254_740_993n, 3n, 3n)).toBe(9_007_199_254_740_993n);
    expect(mulDivHalfEven(BigInt(Number.MAX_SAFE_INTEGER), 2, 1)).toBe(18_014_398_509_481_982n);
    expect(mulDivHalfEven(MAX_AMOUNT_MICROCENTS, 9_999, 10_000)).toBe(99_990_000_000_000_000n);
  });

  it("refuses a ratio that is not whole numbers, and a non-positive denominator", () => {
    expect(() => mulDivHalfEven(1n, 1.5, 1)).toThrow(RangeError);
    expect(() => mulDivHalfEven(1n, 1, 2.5)).toThrow(RangeError);
    expect(() => mulDivHalfEven(1n, 1, 0)).toThrow(RangeError);
    expect(() => mulDivHalfEven(1n, 1, -2)).toThrow(RangeError);
  });
});

describe("decimal amounts", () => {
  it("parses exactly into microcents and formats back", () => {
    expect(parseDecimalToMicrocents("12.34")).toBe(1_234_000_000n);
    expect(parseDecimalToMicrocents("12.3")).toBe(1_230_000_000n);
    expect(parseDecimalToMicrocents("12")).toBe(1_200_000_000n);
    expect(parseDecimalToMicrocents(" 0.07 ")).toBe(7_000_000n);
    expect(parseDecimalToMicrocents("999999999999.99")).toBe(99_999_999_999_999_000_000n);
    for (const bad of ["", "12.345", "-1", "1e3", "12,34", ".5", "12.", "abc", "0x10", "1 000"]) {
      expect(parseDecimalToMicrocents(bad), bad).toBeNull();
    }
    expect(microcentsToDecimal(1_234_000_000n)).toBe("12.34");
    expect(microcentsToDecimal(5_000_000n)).toBe("0.05");
    expect(microcentsToDecimal(-5_000_000n)).toBe("-0.05");
    expect(microcentsToDecimal(fromCents(-123_456))).toBe("-1234.56");
    expect(microcentsToDecimal(0n)).toBe("0.00");
    // Below the cent: every decimal that is not zero, up to the eighth.
    expect(microcentsToDecimal(12_500_000n)).toBe("0.125");
    expect(microcentsToDecimal(615_384_615n)).toBe("6.15384615");
    expect(microcentsToDecimal(-1n)).toBe("-0.00000001");
    expect(microcentsToDecimal(100_000_000_000_000_001n)).toBe("1000000000.00000001");
  });

  it("names the problem with a typed amount", () => {
    const message = (v: string) => decimalAmountSchema.safeParse(v).error?.issues[0]?.message;
    expect(message("12.345")).toBe("At most 2 decimals");
    expect(message("-5")).toBe("Cannot be negative");
    expect(message("0.00")).toBe("Must be more than zero");
    expect(message("abc")).toBe("Enter an amount like 12.34");
    expect(message("2000000000")).toBe("At most 1,000,000,000.00 USD");
    expect(message("99999999999999999999")).toBe("At most 1,000,000,000.00 USD");
    expect(message("1000000000.00")).toBeUndefined();
    expect(message("12.34")).toBeUndefined();
  });

  it("takes exactly one of amountMicrocents and amount, microcents as digits or a safe integer", () => {
    expect(amountInputSchema.parse({ amountMicrocents: "1234000000" })).toEqual({ amountMicrocents: 1_234_000_000n });
    expect(amountInputSchema.parse({ amountMicrocents: 1234 })).toEqual({ amountMicrocents: 1234n });
    expect(amountInputSchema.safeParse({ amount: "12.34" }).success).toBe(true);
    expect(amountInputSchema.safeParse({}).success).toBe(false);
    expect(amountInputSchema.safeParse({ amountMicrocents: "1", amount: "1" }).success).toBe(false);
    const message = (amountMicrocents: unknown) =>
      amountInputSchema.safeParse({ amountMicrocents }).error?.issues[0]?.message;
    expect(message("12.5")).toBe("Whole microcents, as digits");
    expect(message("1e9")).toBe("Whole microcents, as digits");
    // A number that is not whole, or no number or text at all, names the same rule, not "Invalid input".
    expect(message(12.5)).toBe("Whole microcents, as digits");
    expect(message(null)).toBe("Whole microcents, as digits");
    expect(message(true)).toBe("Whole microcents, as digits");
    expect(message("-1")).toBe("Must be more than zero");
    expect(message("0")).toBe("Must be more than zero");
    expect(message(MAX_AMOUNT_MICROCENTS.toString())).toBeUndefined();
    expect(message((MAX_AMOUNT_MICROCENTS + 1n).toString())).toBe("At most 1,000,000,000.00 USD");
    expect(createWithdrawalSchema.safeParse({ amountMicrocents: "100", totpCode: "12345" }).success).toBe(false);
  });
});

describe("withdrawal fee", () => {
  it("is round half-even(amount × bps / 10,000) to the microcent plus the flat fee, once", () => {
    expect(withdrawalQuote(fromCents(10_000), { feeBps: 100, feeFlatMicrocents: 0n })).toEqual({
      amountMicrocents: fromCents(10_000),
      feeMicrocents: fromCents(100),
      netMicrocents: fromCents(9_900),
    });
    // 1% of 12.50 USD is 0.125 USD, kept whole (the cent rounded it to 0.12).
    expect(withdrawalQuote(fromCents(1_250), { feeBps: 100, feeFlatMicrocents: 0n }).feeMicrocents).toBe(12_500_000n);
    // Ties at the microcent go to the even one: 13,500,000.5 → 13,500,000; 13,500,001.5 → 13,500,002.
    expect(withdrawalQuote(1_350_000_050n, { feeBps: 100, feeFlatMicrocents: 0n }).feeMicrocents).toBe(13_500_000n);
    expect(withdrawalQuote(1_350_000_150n, { feeBps: 100, feeFlatMicrocents: 0n }).feeMicrocents).toBe(13_500_002n);
    expect(withdrawalQuote(fromCents(1_350), { feeBps: 100, feeFlatMicrocents: fromCents(50) })).toEqual({
      amountMicrocents: fromCents(1_350),
      feeMicrocents: 63_500_000n,
      netMicrocents: 1_286_500_000n,
    });
    expect(withdrawalQuote(fromCents(100), { feeBps: 0, feeFlatMicrocents: fromCents(100) }).netMicrocents).toBe(0n);
  });
});

describe("bank and KYC input", () => {
  it("normalises and masks account numbers", () => {
    const parsed = bankAccountInputSchema.parse({
      bankName: " Bank ",
      accountHolder: "Ada",
      accountNumber: "gb29 nwbk-6016",
      swift: "nwbkgb2l",
      branch: "",
    });
    expect(parsed).toEqual({
      bankName: "Bank",
      accountHolder: "Ada",
      accountNumber: "GB29NWBK6016",
      swift: "NWBKGB2L",
    });
    expect(maskAccountNumber(parsed.accountNumber)).toBe("****6016");
    expect(bankAccountInputSchema.safeParse({ ...parsed, swift: "NWBK" }).success).toBe(false);
    expect(bankAccountInputSchema.safeParse({ ...parsed, accountNumber: "12" }).success).toBe(false);
    expect(bankAccountInputSchema.safeParse({ ...parsed, accountNumber: "12<script>" }).success).toBe(false);
  });

  it("computes age in whole years and requires 18", () => {
    const today = new Date("2025-06-15T12:00:00Z");
    expect(ageOn("2007-06-15", today)).toBe(18);
    expect(ageOn("2007-06-16", today)).toBe(17);
    expect(ageOn("2000-02-29", new Date("2018-02-28T00:00:00Z"))).toBe(17);
    expect(ageOn("2000-02-29", new Date("2018-03-01T00:00:00Z"))).toBe(18);
    const base = { legalName: "Ada Lovelace", country: "gb", idType: "passport", idNumber: "X1234567" };
    expect(kycFieldsSchema.parse({ ...base, dateOfBirth: "1990-01-01" }).country).toBe("GB");
    const young = new Date();
    young.setUTCFullYear(young.getUTCFullYear() - 17);
    expect(kycFieldsSchema.safeParse({ ...base, dateOfBirth: young.toISOString().slice(0, 10) }).success).toBe(false);
    expect(kycFieldsSchema.safeParse({ ...base, dateOfBirth: "1990-02-30" }).success).toBe(false);
    expect(kycFieldsSchema.safeParse({ ...base, dateOfBirth: "1990-01-01", country: "XX" }).success).toBe(false);
    expect(kycFieldsSchema.safeParse({ ...base, dateOfBirth: "1990-01-01", idType: "visa" }).success).toBe(false);
  });
});
