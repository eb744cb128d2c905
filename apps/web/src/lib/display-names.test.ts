import { describe, expect, it } from "vitest";
import { countryName, currencyLabel, currencyOptions } from "./display-names.ts";

describe("names beside codes", () => {
  it("names currencies and countries in the member's language", () => {
    expect(currencyLabel("BND", "en")).toBe("Brunei Dollar (BND)");
    expect(currencyLabel("IDR", "id")).toBe("Rupiah Indonesia (IDR)");
    expect(currencyLabel("KRW", "ko")).toMatch(/원.*\(KRW\)$/);
    expect(currencyOptions("ja").map((option) => option.value)).toContain("JPY");
    expect(countryName("MY", "ms")).toBe("Malaysia");
    expect(countryName("JP", "ja")).toBe("日本");
  });
});
