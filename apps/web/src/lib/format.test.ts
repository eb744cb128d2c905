import { describe, expect, it } from "vitest";
import { formatChartPrice, formatDate, formatPrice, formatRelative, initials, priceDecimals } from "./format.ts";

describe("format", () => {
  const now = new Date("2026-03-10T12:00:00Z");

  it("formats relative times in English", () => {
    expect(formatRelative(new Date("2026-03-10T11:59:40Z"), now)).toBe("just now");
    expect(formatRelative(new Date("2026-03-10T11:55:00Z"), now)).toBe("5 minutes ago");
    expect(formatRelative(new Date("2026-03-10T09:00:00Z"), now)).toBe("3 hours ago");
    expect(formatRelative(new Date("2026-03-09T12:00:00Z"), now)).toBe("yesterday");
    expect(formatRelative(new Date("2026-03-10T14:00:00Z"), now)).toBe("in 2 hours");
    expect(formatRelative("not a date", now)).toBe("—");
  });

  it("formats dates", () => {
    expect(formatDate("2026-01-02T12:00:00Z")).toBe("2 Jan 2026");
    expect(formatDate(null)).toBe("—");
  });

  it("makes initials", () => {
    expect(initials("Jane Doe")).toBe("JD");
    expect(initials("  cher ")).toBe("C");
    expect(initials("Anna Maria Smith")).toBe("AS");
    expect(initials("")).toBe("?");
  });

  it("groups prices, on the page and on chart axes alike", () => {
    expect(formatPrice("96400.00")).toBe("96,400.00");
    expect(formatPrice("1234567.125")).toBe("1,234,567.125");
    expect(formatPrice("0.5")).toBe("0.5");
    expect(priceDecimals("96400.125")).toBe(3);
    expect(priceDecimals(undefined)).toBe(2);
    expect(formatChartPrice(96400, 2)).toBe("96,400.00");
    expect(formatChartPrice(1234.5678, 3)).toBe("1,234.568");
  });
});
