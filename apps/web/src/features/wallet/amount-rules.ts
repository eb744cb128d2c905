import { type RateQuote, type WithdrawalQuote, withdrawalQuote } from "@helio/shared";
import { t } from "@lingui/core/macro";
import { type AmountRules, amountProblem, maximumText, minimumText, typedAmountMicrocents } from "../../lib/amount.ts";

// The rules of the amounts members type on the wallet's forms, in their own currency at `quote`
// (limits in microcents, named in USD and their currency). Kept apart from model.ts so that pages that
// only show money (the dashboard) do not load the form validation.

/** The deposit amount's rules (the minimum once the rules are loaded); the server checks again. */
export function depositAmountRules(minMicrocents: bigint | undefined, quote: RateQuote | null): AmountRules {
  return minMicrocents === undefined
    ? {}
    : { min: { microcents: minMicrocents, message: minimumDepositText(minMicrocents, quote) } };
}

function minimumDepositText(minMicrocents: bigint, quote: RateQuote | null): string {
  const minimum = minimumText(minMicrocents, quote);
  return t`The minimum deposit is ${minimum}`;
}

export interface WithdrawalLimits {
  minMicrocents: bigint;
  maxMicrocents: bigint;
  feeBps: number;
  feeFlatMicrocents: bigint;
}

/** The withdrawal amount's rules: the limits, a net above zero after the fee, the wallet balance. */
export function withdrawalAmountRules(
  limits: WithdrawalLimits,
  walletMicrocents: bigint,
  quote: RateQuote | null,
): AmountRules {
  const minimum = minimumText(limits.minMicrocents, quote);
  const maximum = maximumText(limits.maxMicrocents, quote);
  return {
    min: { microcents: limits.minMicrocents, message: t`The minimum withdrawal is ${minimum}` },
    max: { microcents: limits.maxMicrocents, message: t`The maximum withdrawal is ${maximum}` },
    check: (microcents) => {
      const fee = withdrawalQuote(microcents, limits).feeMicrocents;
      if (microcents > fee) return null;
      // The fee as an amount to cover: its local part rounded up.
      const feeText = minimumText(fee, quote);
      return t`The amount does not cover the fee of ${feeText}`;
    },
    balance: { microcents: walletMicrocents },
  };
}

export type WithdrawalPreview =
  | { ok: true; quote: WithdrawalQuote }
  | { ok: false; problem: string; quote: WithdrawalQuote | null };

/**
 * The fee and net of an amount typed at `rate`, with what is wrong with it. The same conversion and
 * computation the server charges (`localToUsdMicrocents`, `withdrawalQuote`); the server stays the authority.
 */
export function withdrawalPreview(
  text: string,
  limits: WithdrawalLimits,
  walletMicrocents: bigint,
  rate: RateQuote | null,
): WithdrawalPreview {
  const microcents = typedAmountMicrocents(text, rate);
  const quote = microcents !== null && microcents > 0n ? withdrawalQuote(microcents, limits) : null;
  const problem = amountProblem(text, withdrawalAmountRules(limits, walletMicrocents, rate), rate);
  if (problem) return { ok: false, problem, quote };
  return quote ? { ok: true, quote } : { ok: false, problem: t`Enter an amount`, quote };
}
