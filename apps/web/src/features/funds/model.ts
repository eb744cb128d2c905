import type { Fund, RateQuote } from "@helio/shared";
import { type AmountRules, minimumText } from "../../lib/amount.ts";

/** Page titles and words per fund (the seed's menu labels). */
export const FUND_TEXT: Record<Fund, { funds: string; withdrawal: string; what: string }> = {
  profit: { funds: "Funds Profit", withdrawal: "Withdrawal Profit", what: "the profit of your investments" },
  bonus: { funds: "Funds Bonus", withdrawal: "Withdrawal Bonus", what: "your referral commissions" },
};

/**
 * The rules of a move typed at `quote` (up to 2 decimals): at least the minimum and at most the
 * balance. "All" is checked by the server (it may move less than the minimum when that is all there is).
 */
export function transferAmountRules(balanceCents: number, minCents: number, quote: RateQuote | null): AmountRules {
  return {
    min: { cents: minCents, message: `At least ${minimumText(minCents, quote)}` },
    balance: { cents: balanceCents, message: "More than the fund's balance" },
  };
}
