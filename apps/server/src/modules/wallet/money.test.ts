import {
  ageOn,
  amountInputSchema,
  bankAccountInputSchema,
  centsToDecimal,
  createWithdrawalSchema,
  decimalAmountSchema,
  kycFieldsSchema,
  maskAccountNumber,
  mulDivHalfEven,
  parseDecimalToCents,
  withdrawalQuote,
} from "@helio/shared";
import { describe, expect, it } from "vitest";

describe("mulDivHalfEven", () => {
  it("rounds ties to the even cent and everything else to the nearest", () => {
    expect(mulDivHalfEven(1250, 100, 10_000)).toBe(12); // 12.5 → 12
    expect(mulDivHalfEven(1350, 100, 10_000)).toBe(14); // 13.5 → 14
    expect(mulDivHalfEven(1251, 100, 10_000)).toBe(13); // 12.51 → 13
    expect(mulDivHalfEven(1249, 100, 10_000)).toBe(12); // 12.49 → 12
    expect(mulDivHalfEven(5, 1, 2)).toBe(2); // 2.5 → 2
    expect(mulDivHalfEven(7, 1, 2)).toBe(4); // 3.5 → 4
    expect(mulDivHalfEven(0, 100, 10_000)).toBe(0);
    expect(mulDivHalfEven(10_000, 250, 10_000)).toBe(250);
  });

  it("is symmetric for negative amounts", () => {
    expect(mulDivHalfEven(-1250, 100, 10_000)).toBe(-12);
    expect(mulDivHalfEven(-1350, 100, 10_000)).toBe(-14);
    expect(mulDivHalfEven(-1251, 100, 10_000)).toBe(-13);
  });

  it("is exact where floating point is not", () => {
    // 1.005 * 100 in floating point is 100.49999…; exactly it is a tie that goes to even (100).
    expect(mulDivHalfEven(1005, 1, 10)).toBe(100);
    expect(mulDivHalfEven(1015, 1, 10)).toBe(102);
    expect(mulDivHalfEven(9_007_199_254_740_991, 1, 1)).toBe(9_007_199_254_740_991);
    expect(mulDivHalfEven(9_007_199_254_740_991n, 3n, 3n)).toBe(9_007_199_254_740_991);
  });

  it("refuses non-integers, a non-positive denominator and unsafe results", () => {
    expect(() => mulDivHalfEven(1.5, 1, 1)).toThrow(RangeError);
    expect(() => mulDivHalfEven(1, 1, 0)).toThrow(RangeError);
    expect(() => mulDivHalfEven(1, 1, -2)).toThrow(RangeError);
    expect(() => mulDivHalfEven(Number.MAX_SAFE_INTEGER, 2, 1)).toThrow(RangeError);
  });
});

describe("decimal amounts", () => {
  it("parses exactly and formats back", () => {
    expect(parseDecimalToCents("12.34")).toBe(1234);
    expect(parseDecimalToCents("12.3")).toBe(1230);
    expect(parseDecimalToCents("12")).toBe(1200);
    expect(parseDecimalToCents(" 0.07 ")).toBe(7);
    expect(parseDecimalToCents("999999999999.99")).toBe(99_999_999_999_999);
    for (const bad of ["", "12.345", "-1", "1e3", "12,34", ".5", "12.", "abc", "0x10", "1 000"]) {
      expect(parseDecimalToCents(bad), bad).toBeNull();
    }
    expect(centsToDecimal(1234)).toBe("12.34");
    expect(centsToDecimal(5)).toBe("0.05");
    expect(centsToDecimal(-5)).toBe("-0.05");
    expect(centsToDecimal(-123_456)).toBe("-1234.56");
    expect(centsToDecimal(0)).toBe("0.00");
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

  it("takes exactly one of amountCents and amount", () => {
    expect(amountInputSchema.safeParse({ amountCents: 1234 }).success).toBe(true);
    expect(amountInputSchema.safeParse({ amount: "12.34" }).success).toBe(true);
    expect(amountInputSchema.safeParse({}).success).toBe(false);
    expect(amountInputSchema.safeParse({ amountCents: 1, amount: "1" }).success).toBe(false);
    expect(amountInputSchema.safeParse({ amountCents: 12.5 }).error?.issues[0]?.message).toBe("Whole cents only");
    expect(amountInputSchema.safeParse({ amountCents: -1 }).error?.issues[0]?.message).toBe("Must be more than zero");
    expect(amountInputSchema.safeParse({ amountCents: "100" }).success).toBe(false);
    expect(createWithdrawalSchema.safeParse({ amountCents: 100, totpCode: "12345" }).success).toBe(false);
  });
});

describe("withdrawal fee", () => {
  it("is round half-even(amount × bps / 10,000) plus the flat fee, once", () => {
    expect(withdrawalQuote(10_000, { feeBps: 100, feeFlatCents: 0 })).toEqual({
      amountCents: 10_000,
      feeCents: 100,
      netCents: 9_900,
    });
    expect(withdrawalQuote(1_250, { feeBps: 100, feeFlatCents: 0 }).feeCents).toBe(12);
    expect(withdrawalQuote(1_350, { feeBps: 100, feeFlatCents: 0 }).feeCents).toBe(14);
    expect(withdrawalQuote(1_350, { feeBps: 100, feeFlatCents: 50 })).toEqual({
      amountCents: 1_350,
      feeCents: 64,
      netCents: 1_286,
    });
    expect(withdrawalQuote(100, { feeBps: 0, feeFlatCents: 100 }).netCents).toBe(0);
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
