import { type RateQuote, type WithdrawalQuote, withdrawalQuote } from "@helio/shared";
import { type AmountRules, amountProblem, maximumText, minimumText, typedAmountCents } from "../../lib/amount.ts";

// The rules of the amounts members type on the wallet's forms, in their own currency at `quote`
// (limits in USD cents, named in both currencies). Kept apart from model.ts so that pages that
// only show money (the dashboard) do not load the form validation.

/** The deposit amount's rules (the minimum once the rules are loaded); the server checks again. */
export function depositAmountRules(minCents: number | undefined, quote: RateQuote | null): AmountRules {
  return minCents === undefined
    ? {}
    : { min: { cents: minCents, message: `The minimum deposit is ${minimumText(minCents, quote)}` } };
}

export interface WithdrawalLimits {
  minCents: number;
  maxCents: number;
  feeBps: number;
  feeFlatCents: number;
}

/** The withdrawal amount's rules: the limits, a net above zero after the fee, the wallet balance. */
export function withdrawalAmountRules(
  limits: WithdrawalLimits,
  walletCents: number,
  quote: RateQuote | null,
): AmountRules {
  return {
    min: { cents: limits.minCents, message: `The minimum withdrawal is ${minimumText(limits.minCents, quote)}` },
    max: { cents: limits.maxCents, message: `The maximum withdrawal is ${maximumText(limits.maxCents, quote)}` },
    check: (cents) => {
      const fee = withdrawalQuote(cents, limits).feeCents;
      // The fee as an amount to cover: its local part rounded up.
      return cents <= fee ? `The amount does not cover the fee of ${minimumText(fee, quote)}` : null;
    },
    balance: { cents: walletCents },
  };
}

export type WithdrawalPreview =
  | { ok: true; quote: WithdrawalQuote }
  | { ok: false; problem: string; quote: WithdrawalQuote | null };

/**
 * The fee and net of an amount typed at `rate`, with what is wrong with it. The same conversion and
 * computation the server charges (`localToUsdCents`, `withdrawalQuote`); the server stays the authority.
 */
export function withdrawalPreview(
  text: string,
  limits: WithdrawalLimits,
  walletCents: number,
  rate: RateQuote | null,
): WithdrawalPreview {
  const cents = typedAmountCents(text, rate);
  const quote = cents !== null && cents > 0 ? withdrawalQuote(cents, limits) : null;
  const problem = amountProblem(text, withdrawalAmountRules(limits, walletCents, rate), rate);
  if (problem) return { ok: false, problem, quote };
  return quote ? { ok: true, quote } : { ok: false, problem: "Enter an amount", quote };
}
