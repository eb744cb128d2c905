import { type InvestmentPackage, investmentSchedule, investmentTotalProfit, type RateQuote } from "@helio/shared";
import { type AmountRules, amountProblem, typedAmountMicrocents } from "../../lib/amount.ts";

// The rules of the amount typed on /add-investment (in the member's currency at `quote`), apart from model.ts so that pages that only
// show investments (the dashboard's card) do not load the form validation.

export interface InvestmentPreview {
  /** The typed amount in microcents, when it is a valid number. */
  amountMicrocents: bigint | null;
  /** Why the amount cannot be invested (null when it can). */
  problem: string | null;
  /** What each period pays (the last one may carry a few more microcents: the rounding remainder). */
  perPeriodMicrocents: bigint;
  lastPeriodMicrocents: bigint;
  totalProfitMicrocents: bigint;
  /** What comes back to the wallet at maturity (0 when the package keeps the capital). */
  capitalBackMicrocents: bigint;
  /** Profit plus the capital that comes back. */
  totalReturnMicrocents: bigint;
}

type PreviewPackage = Pick<
  InvestmentPackage,
  "minMicrocents" | "maxMicrocents" | "dailyRateBps" | "durationPeriods" | "capitalReturn"
>;

/** The amount's rules: the package's limits and, once known, the wallet balance. */
export function investmentAmountRules(pkg: PreviewPackage, walletMicrocents: bigint | null): AmountRules {
  return {
    min: { microcents: pkg.minMicrocents },
    max: { microcents: pkg.maxMicrocents },
    balance: walletMicrocents === null ? undefined : { microcents: walletMicrocents },
  };
}

/**
 * The live preview of `/add-investment/{slug}`: checks the amount typed at `quote` (up to 2
 * decimals) against the package's limits and the wallet, and computes the schedule with the same
 * conversion and helpers the server credits with, so the preview is exact to the microcent.
 */
export function investmentPreview(
  text: string,
  pkg: PreviewPackage,
  walletMicrocents: bigint | null,
  quote: RateQuote | null,
): InvestmentPreview {
  const problem = amountProblem(text, investmentAmountRules(pkg, walletMicrocents), quote);
  const amountMicrocents = typedAmountMicrocents(text, quote);
  if (amountMicrocents === null) {
    return {
      amountMicrocents: null,
      problem,
      perPeriodMicrocents: 0n,
      lastPeriodMicrocents: 0n,
      totalProfitMicrocents: 0n,
      capitalBackMicrocents: 0n,
      totalReturnMicrocents: 0n,
    };
  }
  const schedule = investmentSchedule(amountMicrocents, pkg.dailyRateBps, pkg.durationPeriods);
  const totalProfitMicrocents = investmentTotalProfit(amountMicrocents, pkg.dailyRateBps, pkg.durationPeriods);
  const capitalBackMicrocents = pkg.capitalReturn ? amountMicrocents : 0n;
  return {
    amountMicrocents,
    problem,
    perPeriodMicrocents: schedule[0] ?? 0n,
    lastPeriodMicrocents: schedule[schedule.length - 1] ?? 0n,
    totalProfitMicrocents,
    capitalBackMicrocents,
    totalReturnMicrocents: totalProfitMicrocents + capitalBackMicrocents,
  };
}
