import {
  formatMoney,
  type InvestmentPackage,
  investmentSchedule,
  investmentTotalProfit,
  parseDecimalToCents,
} from "@helio/shared";

/** Basis points as a percentage: 125 → `1.25 %`, 500 → `5 %`. */
export function formatRate(bps: number): string {
  const text = (bps / 100).toFixed(2).replace(/\.?0+$/, "");
  return `${text} %`;
}

/** One period in words: 86,400 → `day`, 3,600 → `hour`, 60 → `minute`, 90 → `90 seconds`. */
export function periodName(seconds: number): string {
  if (seconds === 86_400) return "day";
  if (seconds === 3_600) return "hour";
  if (seconds === 60) return "minute";
  if (seconds % 86_400 === 0) return `${seconds / 86_400} days`;
  if (seconds % 3_600 === 0) return `${seconds / 3_600} hours`;
  if (seconds % 60 === 0) return `${seconds / 60} minutes`;
  return `${seconds} seconds`;
}

/** `30 days`, `5 periods of 30 seconds`: how long an investment runs. */
export function durationText(periods: number, periodSeconds: number): string {
  const unit = periodName(periodSeconds);
  if (unit === "day" || unit === "hour" || unit === "minute") return `${periods} ${unit}${periods === 1 ? "" : "s"}`;
  return `${periods} period${periods === 1 ? "" : "s"} of ${unit}`;
}

/** `1.25 % per day`. */
export function rateText(bps: number, periodSeconds: number): string {
  const unit = periodName(periodSeconds);
  return `${formatRate(bps)} per ${/^\d/.test(unit) ? `period (${unit})` : unit}`;
}

/** Whole-term profit as a percentage of the amount (rate × periods): 125 bps × 30 → `37.5 %`. */
export function totalReturnRate(bps: number, periods: number): string {
  return formatRate(bps * periods);
}

/** Periods paid of the total, as a whole percentage for a progress bar (0–100). */
export function progressPercent(periodsPaid: number, durationPeriods: number): number {
  if (durationPeriods <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((periodsPaid / durationPeriods) * 100)));
}

export interface InvestmentPreview {
  /** The typed amount in cents, when it is a valid number. */
  amountCents: number | null;
  /** Why the amount cannot be invested (null when it can). */
  problem: string | null;
  /** What each period pays (the last one may carry a few more cents: the rounding remainder). */
  perPeriodCents: number;
  lastPeriodCents: number;
  totalProfitCents: number;
  /** What comes back to the wallet at maturity (0 when the package keeps the capital). */
  capitalBackCents: number;
  /** Profit plus the capital that comes back. */
  totalReturnCents: number;
}

const usd = (cents: number) => formatMoney(cents, "USD");

/**
 * The live preview of `/add-investment/{slug}`: checks the typed amount (USD, up to 2 decimals)
 * against the package's limits and the wallet, and computes the schedule with the same helpers
 * the server credits with, so the preview is exact to the cent.
 */
export function investmentPreview(
  text: string,
  pkg: Pick<InvestmentPackage, "minCents" | "maxCents" | "dailyRateBps" | "durationPeriods" | "capitalReturn">,
  walletCents: number | null,
): InvestmentPreview {
  const trimmed = text.trim();
  const empty: InvestmentPreview = {
    amountCents: null,
    problem: null,
    perPeriodCents: 0,
    lastPeriodCents: 0,
    totalProfitCents: 0,
    capitalBackCents: 0,
    totalReturnCents: 0,
  };
  if (!trimmed) return { ...empty, problem: "Enter an amount" };
  if (trimmed.startsWith("-")) return { ...empty, problem: "Cannot be negative" };
  if (/^\d+\.\d{3,}$/.test(trimmed)) return { ...empty, problem: "At most 2 decimals" };
  const cents = parseDecimalToCents(trimmed);
  if (cents === null) return { ...empty, problem: "Enter an amount like 100 or 100.50" };
  const schedule = investmentSchedule(cents, pkg.dailyRateBps, pkg.durationPeriods);
  const totalProfitCents = investmentTotalProfit(cents, pkg.dailyRateBps, pkg.durationPeriods);
  const capitalBackCents = pkg.capitalReturn ? cents : 0;
  let problem: string | null = null;
  if (cents < pkg.minCents) problem = `At least ${usd(pkg.minCents)}`;
  else if (cents > pkg.maxCents) problem = `At most ${usd(pkg.maxCents)}`;
  else if (walletCents !== null && cents > walletCents) problem = "More than your wallet balance";
  return {
    amountCents: cents,
    problem,
    perPeriodCents: schedule[0] ?? 0,
    lastPeriodCents: schedule[schedule.length - 1] ?? 0,
    totalProfitCents,
    capitalBackCents,
    totalReturnCents: totalProfitCents + capitalBackCents,
  };
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
  if (d > 0) return `${d} d ${two(h)}:${two(m)}:${two(s)}`;
  if (h > 0) return `${two(h)}:${two(m)}:${two(s)}`;
  if (m > 0) return `${m}:${two(s)}`;
  return `${s} s`;
}
