import type { Fund, RateQuote } from "@helio/shared";
import type { MessageDescriptor } from "@lingui/core";
import { msg, t } from "@lingui/core/macro";
import { type AmountRules, atLeastText } from "../../lib/amount.ts";

/** Page titles and words per fund (the seed's menu labels), worded where they are drawn (`i18n._`). */
export const FUND_TEXT: Record<
  Fund,
  {
    funds: MessageDescriptor;
    withdrawal: MessageDescriptor;
    subtitle: MessageDescriptor;
    moveSubtitle: MessageDescriptor;
    balance: MessageDescriptor;
    history: MessageDescriptor;
  }
> = {
  profit: {
    funds: msg`Funds Profit`,
    withdrawal: msg`Withdrawal Profit`,
    subtitle: msg`The balance and history of the profit of your investments.`,
    moveSubtitle: msg`Move the profit of your investments to your wallet.`,
    balance: msg`Profit balance`,
    history: msg`Funds Profit history`,
  },
  bonus: {
    funds: msg`Funds Bonus`,
    withdrawal: msg`Withdrawal Bonus`,
    subtitle: msg`The balance and history of your referral commissions.`,
    moveSubtitle: msg`Move your referral commissions to your wallet.`,
    balance: msg`Bonus balance`,
    history: msg`Funds Bonus history`,
  },
};

/**
 * The rules of a move typed at `quote` (up to 2 decimals): at least the minimum and at most the
 * balance. "All" is checked by the server (it may move less than the minimum when that is all there is).
 */
export function transferAmountRules(
  balanceMicrocents: bigint,
  minMicrocents: bigint,
  quote: RateQuote | null,
): AmountRules {
  return {
    min: { microcents: minMicrocents, message: atLeastText(minMicrocents, quote) },
    balance: { microcents: balanceMicrocents, message: t`More than the fund's balance` },
  };
}
