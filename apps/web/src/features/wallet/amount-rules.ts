import { parseDecimalToCents, type WithdrawalQuote, withdrawalQuote } from "@helio/shared";
import { type AmountRules, amountProblem } from "../../lib/amount.ts";
import { usd } from "./model.ts";

// The rules of the amounts members type on the wallet's forms. Kept apart from model.ts so that
// pages that only show money (the dashboard) do not load the form validation.

/** The deposit amount's rules (the minimum once the rules are loaded); the server checks again. */
export function depositAmountRules(minCents: number | undefined): AmountRules {
  return minCents === undefined ? {} : { min: { cents: minCents, message: `The minimum deposit is ${usd(minCents)}` } };
}

export interface WithdrawalLimits {
  minCents: number;
  maxCents: number;
  feeBps: number;
  feeFlatCents: number;
}

/** The withdrawal amount's rules: the limits, a net above zero after the fee, the wallet balance. */
export function withdrawalAmountRules(limits: WithdrawalLimits, walletCents: number): AmountRules {
  return {
    min: { cents: limits.minCents, message: `The minimum withdrawal is ${usd(limits.minCents)}` },
    max: { cents: limits.maxCents, message: `The maximum withdrawal is ${usd(limits.maxCents)}` },
    check: (cents) => {
      const quote = withdrawalQuote(cents, limits);
      return quote.netCents <= 0 ? `The amount does not cover the fee of ${usd(quote.feeCents)}` : null;
    },
    balance: { cents: walletCents },
    messages: { negative: "Enter an amount like 12.34" },
  };
}

export type WithdrawalPreview =
  | { ok: true; quote: WithdrawalQuote }
  | { ok: false; problem: string; quote: WithdrawalQuote | null };

/**
 * The fee and net of a typed amount, with what is wrong with it. The same computation the server
 * charges (`withdrawalQuote`); the server stays the authority.
 */
export function withdrawalPreview(text: string, limits: WithdrawalLimits, walletCents: number): WithdrawalPreview {
  const cents = parseDecimalToCents(text);
  const quote = cents !== null && cents > 0 ? withdrawalQuote(cents, limits) : null;
  const problem = amountProblem(text, withdrawalAmountRules(limits, walletCents));
  if (problem) return { ok: false, problem, quote };
  return quote ? { ok: true, quote } : { ok: false, problem: "Enter an amount", quote };
}
