import { fromCents, investmentTotalProfit, USD_QUOTE } from "@helio/shared";
import { describe, expect, it } from "vitest";
import { investmentPreview } from "./amount-rules.ts";
import {
  countdownText,
  durationText,
  formatRate,
  packageReturn,
  progressPercent,
  rateText,
  termsText,
  totalReturnRate,
} from "./model.ts";

const gold = {
  minMicrocents: fromCents(10_000),
  maxMicrocents: fromCents(1_000_000),
  dailyRateBps: 125,
  durationPeriods: 30,
  capitalReturn: true,
};
const idr = { currency: "IDR", rate: "16250" } as const;

describe("investmentPreview", () => {
  it("computes the per-period and total profit exactly, and what returns at maturity", () => {
    const p = investmentPreview("1000", gold, fromCents(500_000), USD_QUOTE);
    expect(p.problem).toBeNull();
    expect(p.amountMicrocents).toBe(fromCents(100_000));
    expect(p.perPeriodMicrocents).toBe(fromCents(1_250)); // 1.25 % of 1,000.00
    expect(p.totalProfitMicrocents).toBe(fromCents(37_500));
    expect(p.capitalBackMicrocents).toBe(fromCents(100_000));
    expect(p.totalReturnMicrocents).toBe(fromCents(137_500));
  });

  it("puts the rounding remainder on the last period so the periods sum to the total", () => {
    // 5,000,000 IDR at 16,250 is 307.69230769 USD (30,769,230,769 microcents); × 1.25 % × 7 is
    // 2,692,307,692.2875 → 2,692,307,692 microcents in all: 384,615,384 a period, the last 384,615,388.
    const p = investmentPreview("5000000", { ...gold, durationPeriods: 7 }, null, idr);
    expect(p.amountMicrocents).toBe(30_769_230_769n);
    expect(p.totalProfitMicrocents).toBe(2_692_307_692n);
    expect(p.totalProfitMicrocents).toBe(investmentTotalProfit(30_769_230_769n, 125, 7));
    expect(p.perPeriodMicrocents).toBe(384_615_384n);
    expect(p.lastPeriodMicrocents).toBe(384_615_388n);
    expect(p.perPeriodMicrocents * 6n + p.lastPeriodMicrocents).toBe(p.totalProfitMicrocents);
  });

  it("rounds a whole-cent amount's profit to the microcent, not the cent", () => {
    // 333.33 × 1.25 % × 7 = 29.166375 USD exactly: 4.16662500 a period, no remainder.
    const p = investmentPreview("333.33", { ...gold, durationPeriods: 7 }, null, USD_QUOTE);
    expect(p.totalProfitMicrocents).toBe(2_916_637_500n);
    expect(p.perPeriodMicrocents).toBe(416_662_500n);
    expect(p.lastPeriodMicrocents).toBe(416_662_500n);
  });

  it("returns no capital when the package keeps it", () => {
    const p = investmentPreview("1000", { ...gold, capitalReturn: false }, null, USD_QUOTE);
    expect(p.capitalBackMicrocents).toBe(0n);
    expect(p.totalReturnMicrocents).toBe(p.totalProfitMicrocents);
  });

  it.each([
    ["", "Enter an amount"],
    ["-5", "Cannot be negative"],
    ["10.123", "At most 2 decimals"],
    ["abc", "Enter an amount like 12.34"],
    ["0", "At least 100.00 USD"],
    ["99.99", "At least 100.00 USD"],
    ["10000.01", "At most 10,000.00 USD"],
  ])("refuses %j: %s", (text, problem) => {
    expect(investmentPreview(text, gold, null, USD_QUOTE).problem).toBe(problem);
  });

  it("takes an amount in the member's currency: the schedule from the converted microcents, the limits in both", () => {
    const p = investmentPreview("16250000", gold, fromCents(500_000), idr);
    expect(p.problem).toBeNull();
    expect(p.amountMicrocents).toBe(fromCents(100_000));
    expect(p.perPeriodMicrocents).toBe(fromCents(1_250));
    expect(investmentPreview("1000000", gold, null, idr).problem).toBe("At least 100.00 USD (1,625,000.00 IDR)");
    expect(investmentPreview("0", gold, null, idr).problem).toBe("At least 100.00 USD (1,625,000.00 IDR)");
    expect(investmentPreview("162500001000", gold, null, idr).problem).toBe(
      "At most 10,000.00 USD (162,500,000.00 IDR)",
    );
  });

  it("refuses more than the wallet holds, and accepts the wallet's exact balance", () => {
    expect(investmentPreview("500.01", gold, fromCents(50_000), USD_QUOTE).problem).toBe(
      "More than your wallet balance",
    );
    expect(investmentPreview("500", gold, fromCents(50_000), USD_QUOTE).problem).toBeNull();
  });
});

describe("wording", () => {
  it("formats rates and durations for days and demo periods", () => {
    expect(formatRate(125)).toBe("1.25 %");
    expect(formatRate(500)).toBe("5 %");
    expect(formatRate(150)).toBe("1.5 %");
    expect(rateText(125, 86_400)).toBe("1.25 % per day");
    expect(rateText(125, 30)).toBe("1.25 % per period (30 seconds)");
    expect(durationText(30, 86_400)).toBe("30 days");
    expect(durationText(1, 86_400)).toBe("1 day");
    expect(durationText(5, 30)).toBe("5 periods of 30 seconds");
    expect(totalReturnRate(125, 30)).toBe("37.5 %");
  });

  it("states a package's terms by its accrual period: the seed's words for a day, the period's otherwise", () => {
    expect(termsText(50, 30, 86_400)).toBe("0.50 % a day for 30 days");
    expect(termsText(120, 1, 86_400)).toBe("1.20 % a day for 1 day");
    expect(termsText(50, 30, 30)).toBe("0.5 % per 30 seconds for 30 periods");
    expect(termsText(125, 1, 3_600)).toBe("1.25 % per hour for 1 period");
    expect(termsText(80, 60, 60)).toBe("0.8 % per minute for 60 periods");
    expect(termsText(80, 7, 7 * 86_400)).toBe("0.8 % per 7 days for 7 periods");
  });

  it("says what a package pays back: the profit on top of the capital, or the capital in it and the net", () => {
    expect(packageReturn(125, 30, true)).toEqual({
      label: "Total profit",
      value: "37.5 % of the amount, on top of the capital: 137.5 % paid back in all",
    });
    expect(packageReturn(120, 90, false)).toEqual({
      label: "Total paid back",
      value: "108 % of the amount (capital included): a gain of 8 %",
    });
    expect(packageReturn(100, 100, false).value).toBe("100 % of the amount (capital included): no gain");
    expect(packageReturn(125, 30, false).value).toBe("37.5 % of the amount (capital included): a loss of 62.5 %");
  });

  it("gives a bounded progress and a compact countdown", () => {
    expect(progressPercent(0, 30)).toBe(0);
    expect(progressPercent(15, 30)).toBe(50);
    expect(progressPercent(31, 30)).toBe(100);
    expect(progressPercent(1, 0)).toBe(0);
    expect(countdownText(12)).toBe("12 s");
    expect(countdownText(65)).toBe("1:05");
    expect(countdownText(3_725)).toBe("01:02:05");
    expect(countdownText(90_061)).toBe("1 d 01:01:01");
  });
});
