import { CURRENCIES, formatLocalHundredths, formatMoney, LOCALES } from "@helio/shared";
import { describe, expect, it } from "vitest";

// The same ledger figure in every language and currency (packages/shared currency.ts): English keeps
// the seed's form, the others their own separators, the digits and the code always the same.
describe("amounts in every locale", () => {
  const cents = 123_456_789;
  const expected: Record<(typeof LOCALES)[number], string> = {
    en: "1,234,567.89",
    ms: "1,234,567.89",
    id: "1.234.567,89",
    "zh-Hans": "1,234,567.89",
    ko: "1,234,567.89",
    ja: "1,234,567.89",
    ar: "1,234,567.89",
  };

  it.each(LOCALES)("writes %s's separators for every currency", (locale) => {
    for (const currency of CURRENCIES) {
      expect(formatMoney(cents, currency, 1, locale)).toBe(`${expected[locale]} ${currency}`);
      expect(formatLocalHundredths(BigInt(cents), currency, locale)).toBe(`${expected[locale]} ${currency}`);
      expect(formatMoney(-cents, currency, 1, locale)).toMatch(
        new RegExp(`^\u200e?-${expected[locale].replace(/[.,]/g, "\\$&")} ${currency}$`),
      );
      expect(formatMoney(5, currency, 1, locale)).toBe(`${locale === "id" ? "0,05" : "0.05"} ${currency}`);
    }
  });

  it("converts at the rate before it writes, exactly, beyond a float's digits", () => {
    expect(formatMoney(100, "IDR", 16_250, "id")).toBe("16.250,00 IDR");
    expect(formatMoney(100, "IDR", 16_250)).toBe("16,250.00 IDR");
    expect(formatLocalHundredths(9_007_199_254_740_993_01n, "KRW", "id")).toBe("9.007.199.254.740.993,01 KRW");
    expect(formatLocalHundredths(9_007_199_254_740_993_01n, "KRW", "ko")).toBe("9,007,199,254,740,993.01 KRW");
  });

  it("keeps Latin digits in Arabic", () => {
    expect(formatMoney(cents, "BHD", 1, "ar")).toMatch(/^[0-9.,]+ BHD$/);
  });
});
