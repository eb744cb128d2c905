import { formatMoney } from "@helio/shared";
import { describe, expect, it } from "vitest";
import {
  formatChartPrice,
  formatDate,
  formatDateTime,
  formatPrice,
  formatRelative,
  initials,
  priceDecimals,
  RELATIVE_UNITS,
} from "./format.ts";

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

// The formatters write by hand what Intl would, so that a page's first load creates no Intl formatter
// (format.ts). These compare them with Intl itself over many values.
describe("format without Intl", () => {
  // A seeded generator: the same values on every run, so a failure can be reproduced.
  let seed = 20261125;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };

  it("writes dates and times as Intl's en-GB does", () => {
    const date = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric" });
    const time = { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" } as const;
    const dateTime = new Intl.DateTimeFormat("en-GB", time);
    const withSeconds = new Intl.DateTimeFormat("en-GB", { ...time, second: "2-digit" });
    for (let i = 0; i < 2_000; i++) {
      const at = new Date(Date.UTC(1990, 0, 1) + Math.floor(random() * 60 * 365 * 24 * 3600 * 1000));
      expect(formatDate(at)).toBe(date.format(at));
      expect(formatDateTime(at)).toBe(dateTime.format(at));
      expect(formatDateTime(at, { seconds: true })).toBe(withSeconds.format(at));
    }
    expect(formatDateTime(undefined)).toBe("—");
  });

  it("writes relative times as Intl's RelativeTimeFormat with numeric auto does", () => {
    const relative = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
    const now = new Date("2026-03-10T12:00:00Z");
    const offsets = [45, 59, 60, 61, 89, 90, 3599, 3600, 86_399, 86_400, 129_600, 604_800, 2_592_000, 31_536_000];
    for (let i = 0; i < 500; i++) offsets.push(Math.floor(random() * 10 ** (2 + Math.floor(random() * 9))));
    for (const offset of offsets.filter((o) => o >= 45)) {
      for (const seconds of [offset, -offset]) {
        const [unit, size] = RELATIVE_UNITS.find(([, s]) => Math.abs(seconds) >= s) ?? ["minute", 60];
        const expected = relative.format(Math.round(seconds / size) || Math.sign(seconds), unit);
        expect(formatRelative(new Date(now.getTime() + seconds * 1000), now)).toBe(expected);
      }
    }
  });

  it("writes money as Intl's en-US with two decimals, ties to even, does on the exact decimal", () => {
    const intl = new Intl.NumberFormat("en-US", {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      roundingMode: "halfEven",
      signDisplay: "negative",
    });
    /** `microcents × rate` in USD (or the rate's currency) as an exact decimal string: 16 decimals. */
    const exact = (microcents: bigint, rate: string): `${number}` => {
      const [units = "0", fraction = ""] = rate.split(".");
      const scaled = microcents * (BigInt(units) * 10n ** 8n + BigInt(fraction.padEnd(8, "0")));
      const abs = scaled < 0n ? -scaled : scaled;
      const digits = abs.toString().padStart(17, "0");
      return `${scaled < 0n ? "-" : ""}${digits.slice(0, -16)}.${digits.slice(-16)}` as `${number}`;
    };
    const rates = ["1", "0.92", "3.75", "4.71", "15600.5", "1320.25", "0.377", "149.3333"];
    const amounts = [0n, 1n, -1n, 5_000_000n, 50_000_000n, 99_999_999n, 100_000_000n, 125_000_000n, -250_000_000n];
    // Ties and signs: half a cent either way of an even and an odd cent, and a negative under half a cent.
    amounts.push(123_456_789_500_000n, 12_500_000n, 500_000n, 1_500_000n, -400_000n, 100_500_000n, 267_500_000n);
    // Past a float's digits: 10²¹ USD, and 10⁻⁷ USD.
    amounts.push(10n ** 29n, -(10n ** 29n) - 1n, 10n);
    for (let i = 0; i < 3_000; i++) {
      const cents = BigInt(Math.round((random() - 0.3) * 10 ** Math.floor(random() * 13)));
      amounts.push(cents * 1_000_000n + BigInt(Math.floor(random() * 1_000_000)));
    }
    for (const amount of amounts) {
      for (const rate of rates) {
        const currency = rate === "1" ? "USD" : "EUR";
        expect(formatMoney(amount, currency, Number(rate)), `${amount} at ${rate}`).toBe(
          `${intl.format(exact(amount, rate))} ${currency}`,
        );
      }
    }
    // The ties, written out: to the even cent, and no sign on a zero.
    expect(formatMoney(123_456_789_500_000n)).toBe("1,234,567.90 USD");
    expect(formatMoney(12_500_000n)).toBe("0.12 USD");
    expect(formatMoney(267_500_000n)).toBe("2.68 USD");
    expect(formatMoney(-400_000n)).toBe("0.00 USD");
  });
});
