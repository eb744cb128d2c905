import { type AccountLimits, PAIR_SYMBOLS, type PlatformLimit, type Settings } from "@helio/shared";
import type { Db, Executor } from "../../db/client.ts";
import { memberLimitsOf, type UsageReaders } from "./service.ts";

/** What the account limits read from the modules that own the figures. */
export type AccountLimitReaders = UsageReaders & {
  countOpen: (db: Executor, userId: string) => Promise<number>;
};

/** A platform limit nothing is used of; `value` in its key's unit (microcents, a count, bps or percent). */
const fixed = (key: PlatformLimit["key"], value: bigint): PlatformLimit => ({ key, value, used: null, left: null });

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
      fixed("stakeMin", s.tradeMinMicrocents),
      fixed("stakeMax", s.tradeMaxMicrocents),
      {
        key: "openContracts",
        value: BigInt(s.tradeOpenLimit),
        used: BigInt(open),
        left: BigInt(Math.max(0, s.tradeOpenLimit - open)),
      },
      fixed("payoutPercent", BigInt(s.tradePayoutPercentDefault)),
      fixed("depositMin", s.depositMinMicrocents),
      fixed("withdrawalMin", s.withdrawalMinMicrocents),
      fixed("withdrawalMax", s.withdrawalMaxMicrocents),
      fixed("withdrawalFeePercent", BigInt(s.withdrawalFeeBps)),
      fixed("withdrawalFeeFlat", s.withdrawalFeeFlatMicrocents),
    ],
    payouts: PAIR_SYMBOLS.flatMap((symbol) => {
      const percent = s.tradePayoutPercent[symbol];
      return percent !== undefined && percent !== s.tradePayoutPercentDefault ? [{ symbol, percent }] : [];
    }),
    own: own.limits,
  };
}
