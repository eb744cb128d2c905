import { localizeDecimal } from "@helio/shared/currency";
import { plural, t } from "@lingui/core/macro";
import { activeLocale } from "../../lib/i18n.ts";
import { leftToRight } from "../../lib/left-to-right.ts";
import { bpsToDecimal } from "../../lib/percent.ts";

/** Basis points as a percentage: 125 → `1.25 %`, 500 → `5 %`. */
export function formatRate(bps: number): string {
  const text = localizeDecimal(bpsToDecimal(bps).replace(/\.?0+$/, ""), activeLocale());
  return leftToRight(`${text} %`);
}

/** One period in words: 86,400 → `day`, 3,600 → `hour`, 60 → `minute`, 90 → `90 seconds`. */
export function periodName(seconds: number): string {
  if (seconds === 86_400) return t`day`;
  if (seconds === 3_600) return t`hour`;
  if (seconds === 60) return t`minute`;
  if (seconds % 86_400 === 0) return plural(seconds / 86_400, { one: "# day", other: "# days" });
  if (seconds % 3_600 === 0) return plural(seconds / 3_600, { one: "# hour", other: "# hours" });
  if (seconds % 60 === 0) return plural(seconds / 60, { one: "# minute", other: "# minutes" });
  return plural(seconds, { one: "# second", other: "# seconds" });
}

/** `30 days`, `5 periods of 30 seconds`: how long an investment runs. */
export function durationText(periods: number, periodSeconds: number): string {
  if (periodSeconds === 86_400) return plural(periods, { one: "# day", other: "# days" });
  if (periodSeconds === 3_600) return plural(periods, { one: "# hour", other: "# hours" });
  if (periodSeconds === 60) return plural(periods, { one: "# minute", other: "# minutes" });
  const unit = periodName(periodSeconds);
  return plural(periods, { one: `# period of ${unit}`, other: `# periods of ${unit}` });
}

/** `1.25 % per day`. */
export function rateText(bps: number, periodSeconds: number): string {
  const rate = formatRate(bps);
  if (periodSeconds === 86_400) return t`${rate} per day`;
  if (periodSeconds === 3_600) return t`${rate} per hour`;
  if (periodSeconds === 60) return t`${rate} per minute`;
  const unit = periodName(periodSeconds);
  return t`${rate} per period (${unit})`;
}

/**
 * A package's terms in one line, following the accrual period: `0.50 % a day for 30 days` with
 * the default daily period (the seed's words, the rate to two decimals), `0.5 % per 30 seconds for
 * 30 periods` with any other.
 */
export function termsText(bps: number, periods: number, periodSeconds: number): string {
  if (periodSeconds === 86_400) {
    const daily = leftToRight(`${localizeDecimal(bpsToDecimal(bps), activeLocale())} %`);
    return plural(periods, { one: `${daily} a day for # day`, other: `${daily} a day for # days` });
  }
  const rate = formatRate(bps);
  const unit = periodName(periodSeconds);
  return plural(periods, { one: `${rate} per ${unit} for # period`, other: `${rate} per ${unit} for # periods` });
}

/** Whole-term profit as a percentage of the amount (rate × periods): 125 bps × 30 → `37.5 %`. */
export function totalReturnRate(bps: number, periods: number): string {
  return formatRate(bps * periods);
}

/**
 * What a package pays over its term, as a share of the amount, honestly: with the capital returned
 * at maturity the profit comes on top of it ("37.5 % of the amount, on top of the capital: 137.5 %
 * paid back in all"); when it is not, the profit is all that comes back, capital included, so the
 * gain is what it pays above 100 % ("108 % of the amount (capital included): a gain of 8 %").
 */
export function packageReturn(bps: number, periods: number, capitalReturn: boolean): { label: string; value: string } {
  const profit = bps * periods;
  const total = totalReturnRate(bps, periods);
  if (capitalReturn) {
    const back = formatRate(profit + 10_000);
    return {
      label: t`Total profit`,
      value: t`${total} of the amount, on top of the capital: ${back} paid back in all`,
    };
  }
  const gain = profit - 10_000;
  const change = formatRate(Math.abs(gain));
  const value =
    gain === 0
      ? t`${total} of the amount (capital included): no gain`
      : gain > 0
        ? t`${total} of the amount (capital included): a gain of ${change}`
        : t`${total} of the amount (capital included): a loss of ${change}`;
  return { label: t`Total paid back`, value };
}

/** Periods paid of the total, as a whole percentage for a progress bar (0–100). */
export function progressPercent(periodsPaid: number, durationPeriods: number): number {
  if (durationPeriods <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((periodsPaid / durationPeriods) * 100)));
}

/** Whole seconds until `until` (never negative). */
export function secondsUntil(until: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(until) - now) / 1000));
}

/** `2 d 03:04:05`, `03:04:05`, `4:05`, `12 s`: a countdown that fits a card. */
export function countdownText(seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3_600);
  const m = Math.floor((seconds % 3_600) / 60);
  const s = seconds % 60;
  const two = (n: number) => String(n).padStart(2, "0");
  const clock = `${two(h)}:${two(m)}:${two(s)}`;
  if (d > 0) return t`${d} d ${clock}`;
  if (h > 0) return clock;
  if (m > 0) return `${m}:${two(s)}`;
  return t`${s} s`;
}
