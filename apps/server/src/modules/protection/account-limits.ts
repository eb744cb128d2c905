import { type AccountLimits, PAIR_SYMBOLS, type PlatformLimit, type Settings } from "@helio/shared";
import type { Db, Executor } from "../../db/client.ts";
import { memberLimitsOf, type UsageReaders } from "./service.ts";

/** What the account limits read from the modules that own the figures. */
export type AccountLimitReaders = UsageReaders & {
  countOpen: (db: Executor, userId: string) => Promise<number>;
};

const fixed = (key: PlatformLimit["key"], value: number): PlatformLimit => ({ key, value, used: null, left: null });

/**
 * Every limit that applies to the member: the platform's, from the settings (the open-contract cap
 * counts the member's open contracts of both kinds of money, as placing does), the payout of each
 * pair that differs from the default, and the member's own with what is used of each.
 */
export async function accountLimitsOf(
  db: Db,
  readers: AccountLimitReaders,
  p: { userId: string; now: Date; sessionStartedAt: Date; settings: Settings },
): Promise<AccountLimits> {
  const s = p.settings;
  const open = await readers.countOpen(db, p.userId);
  const own = await memberLimitsOf(db, readers, p);
  return {
    platform: [
      fixed("stakeMin", s.tradeMinCents),
      fixed("stakeMax", s.tradeMaxCents),
      { key: "openContracts", value: s.tradeOpenLimit, used: open, left: Math.max(0, s.tradeOpenLimit - open) },
      fixed("payoutPercent", s.tradePayoutPercentDefault),
      fixed("depositMin", s.depositMinCents),
      fixed("withdrawalMin", s.withdrawalMinCents),
      fixed("withdrawalMax", s.withdrawalMaxCents),
      fixed("withdrawalFeePercent", s.withdrawalFeeBps),
      fixed("withdrawalFeeFlat", s.withdrawalFeeFlatCents),
    ],
    payouts: PAIR_SYMBOLS.flatMap((symbol) => {
      const percent = s.tradePayoutPercent[symbol];
      return percent !== undefined && percent !== s.tradePayoutPercentDefault ? [{ symbol, percent }] : [];
    }),
    own: own.limits,
  };
}
