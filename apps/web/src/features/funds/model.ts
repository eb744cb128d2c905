import { type Fund, formatMoney, parseDecimalToCents } from "@helio/shared";

/** Page titles and words per fund (the seed's menu labels). */
export const FUND_TEXT: Record<Fund, { funds: string; withdrawal: string; what: string }> = {
  profit: { funds: "Funds Profit", withdrawal: "Withdrawal Profit", what: "the profit of your investments" },
  bonus: { funds: "Funds Bonus", withdrawal: "Withdrawal Bonus", what: "your referral commissions" },
};

export interface TransferCheck {
  amountCents: number | null;
  problem: string | null;
}

/**
 * Why a typed move (USD, up to 2 decimals) cannot be sent, or null: at least the minimum and at
 * most the balance. "All" is checked by the server (it may move less than the minimum when that is
 * all there is).
 */
export function transferProblem(text: string, balanceCents: number, minCents: number): TransferCheck {
  const trimmed = text.trim();
  if (!trimmed) return { amountCents: null, problem: "Enter an amount" };
  if (trimmed.startsWith("-")) return { amountCents: null, problem: "Cannot be negative" };
  if (/^\d+\.\d{3,}$/.test(trimmed)) return { amountCents: null, problem: "At most 2 decimals" };
  const cents = parseDecimalToCents(trimmed);
  if (cents === null || cents === 0) return { amountCents: null, problem: "Enter an amount like 10 or 10.50" };
  if (cents < minCents) return { amountCents: cents, problem: `At least ${formatMoney(minCents, "USD")}` };
  if (cents > balanceCents) return { amountCents: cents, problem: "More than the fund's balance" };
  return { amountCents: cents, problem: null };
}
