import { type InvestmentPackage, investmentSchedule, investmentTotalProfit, type RateQuote } from "@helio/shared";
import { type AmountRules, amountProblem, typedAmountCents } from "../../lib/amount.ts";

// The rules of the amount typed on /add-investment (in the member's currency at `quote`), apart from model.ts so that pages that only
// show investments (the dashboard's card) do not load the form validation.

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

type PreviewPackage = Pick<
  InvestmentPackage,
  "minCents" | "maxCents" | "dailyRateBps" | "durationPeriods" | "capitalReturn"
>;

/** The amount's rules: the package's limits and, once known, the wallet balance. */
export function investmentAmountRules(pkg: PreviewPackage, walletCents: number | null): AmountRules {
  return {
    min: { cents: pkg.minCents },
    max: { cents: pkg.maxCents },
    balance: walletCents === null ? undefined : { cents: walletCents },
  };
}

/**
 * The live preview of `/add-investment/{slug}`: checks the amount typed at `quote` (up to 2
 * decimals) against the package's limits and the wallet, and computes the schedule with the same
 * conversion and helpers the server credits with, so the preview is exact to the cent.
 */
export function investmentPreview(
  text: string,
  pkg: PreviewPackage,
  walletCents: number | null,
  quote: RateQuote | null,
): InvestmentPreview {
  const problem = amountProblem(text, investmentAmountRules(pkg, walletCents), quote);
  const cents = typedAmountCents(text, quote);
  if (cents === null) {
    return {
      amountCents: null,
      problem,
      perPeriodCents: 0,
      lastPeriodCents: 0,
      totalProfitCents: 0,
      capitalBackCents: 0,
      totalReturnCents: 0,
    };
  }
  const schedule = investmentSchedule(cents, pkg.dailyRateBps, pkg.durationPeriods);
  const totalProfitCents = investmentTotalProfit(cents, pkg.dailyRateBps, pkg.durationPeriods);
  const capitalBackCents = pkg.capitalReturn ? cents : 0;
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
