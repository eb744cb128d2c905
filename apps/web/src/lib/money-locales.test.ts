import { CURRENCIES, formatLocalHundredths, formatMoney, fromCents, LOCALES } from "@helio/shared";
import { describe, expect, it } from "vitest";

// The same ledger figure in every language and currency (packages/shared currency.ts): English keeps
// the seed's form, the others their own separators, the digits and the code always the same.
describe("amounts in every locale", () => {
  const hundredths = 123_456_789n;
  const microcents = fromCents(hundredths);
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
      expect(formatMoney(microcents, currency, 1, locale)).toBe(`${expected[locale]} ${currency}`);
      expect(formatLocalHundredths(hundredths, currency, locale)).toBe(`${expected[locale]} ${currency}`);
      expect(formatMoney(-microcents, currency, 1, locale)).toMatch(
        new RegExp(`^\u200e?-${expected[locale].replace(/[.,]/g, "\\$&")} ${currency}$`),
      );
      expect(formatMoney(fromCents(5), currency, 1, locale)).toBe(`${locale === "id" ? "0,05" : "0.05"} ${currency}`);
    }
  });

  it("converts at the rate before it writes, exactly, beyond a float's digits", () => {
    expect(formatMoney(fromCents(100), "IDR", 16_250, "id")).toBe("16.250,00 IDR");
    expect(formatMoney(fromCents(100), "IDR", 16_250)).toBe("16,250.00 IDR");
    // 500,000 IDR typed at 16,250 is held as 3,076,923,077 microcents: shown as typed.
    expect(formatMoney(3_076_923_077n, "IDR", 16_250, "id")).toBe("500.000,00 IDR");
    expect(formatMoney(fromCents(9_007_199_254_740_993_01n), "KRW", 1, "id")).toBe("9.007.199.254.740.993,01 KRW");
    expect(formatLocalHundredths(9_007_199_254_740_993_01n, "KRW", "id")).toBe("9.007.199.254.740.993,01 KRW");
    expect(formatLocalHundredths(9_007_199_254_740_993_01n, "KRW", "ko")).toBe("9,007,199,254,740,993.01 KRW");
  });

  it("keeps Latin digits in Arabic", () => {
    expect(formatMoney(microcents, "BHD", 1, "ar")).toMatch(/^[0-9.,]+ BHD$/);
  });
});
