import { type RateQuote, type WithdrawalQuote, withdrawalQuote } from "@helio/shared";
import { t } from "@lingui/core/macro";
import { type AmountRules, amountProblem, maximumText, minimumText, typedAmountCents } from "../../lib/amount.ts";

// The rules of the amounts members type on the wallet's forms, in their own currency at `quote`
// (limits in USD cents, named in both currencies). Kept apart from model.ts so that pages that
// only show money (the dashboard) do not load the form validation.

/** The deposit amount's rules (the minimum once the rules are loaded); the server checks again. */
export function depositAmountRules(minCents: number | undefined, quote: RateQuote | null): AmountRules {
  return minCents === undefined ? {} : { min: { cents: minCents, message: minimumDepositText(minCents, quote) } };
}

function minimumDepositText(minCents: number, quote: RateQuote | null): string {
  const minimum = minimumText(minCents, quote);
  return t`The minimum deposit is ${minimum}`;
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
  const minimum = minimumText(limits.minCents, quote);
  const maximum = maximumText(limits.maxCents, quote);
  return {
    min: { cents: limits.minCents, message: t`The minimum withdrawal is ${minimum}` },
    max: { cents: limits.maxCents, message: t`The maximum withdrawal is ${maximum}` },
    check: (cents) => {
      const fee = withdrawalQuote(cents, limits).feeCents;
      if (cents > fee) return null;
      // The fee as an amount to cover: its local part rounded up.
      const feeText = minimumText(fee, quote);
      return t`The amount does not cover the fee of ${feeText}`;
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
  return quote ? { ok: true, quote } : { ok: false, problem: t`Enter an amount`, quote };
}
