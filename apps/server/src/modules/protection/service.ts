import {
  LIMIT_COOLING_OFF_MS,
  LIMIT_PERIODS,
  type LimitPeriod,
  MEMBER_LIMIT_KEYS,
  type MemberLimitKey,
  type MemberLimits,
  memberLimitKeyOf,
  microcentsToDecimal,
  type SetMemberLimit,
} from "@helio/shared";
import type { Db, Executor, Tx } from "../../db/client.ts";
import { recordAudit } from "../../platform/audit/audit.ts";
import { AppError } from "../../platform/http/errors.ts";
import { assertNotOnBreak } from "./breaks.ts";
import { type LimitRow, limitRowsOf, saveLimitRow } from "./queries.ts";

/**
 * What a member has staked and lost (stakes minus payouts; open contracts count as lost) per window,
 * in microcents, and how many contracts are open.
 */
export type StakeFigures = {
  staked: Record<LimitPeriod, bigint>;
  lost: Record<LimitPeriod, bigint>;
  open: number;
};

/** The figures a member's limits are measured against, read by the modules that own them. */
export type UsageReaders = {
  stakeFigures: (db: Executor, userId: string, account: "wallet" | "demo", now: Date) => Promise<StakeFigures>;
  /** The member's deposits since `since`, microcents. */
  depositedSince: (db: Executor, userId: string, since: Date) => Promise<bigint>;
};

/** The limits in force by key, each in its key's unit: microcents, contracts, minutes, or 1 for `free`. */
type InForce = Partial<Record<MemberLimitKey, bigint>>;

/** The value a row holds at `now`: a raise or removal whose cooling-off has ended has taken over. */
const valueAt = (row: LimitRow, now: Date) =>
  row.pendingAt && row.pendingAt.getTime() <= now.getTime() ? row.pendingValue : row.value;

function inForce(rows: LimitRow[], now: Date): InForce {
  const limits: InForce = {};
  for (const row of rows) {
    const value = valueAt(row, now);
    if (value !== null) limits[row.key as MemberLimitKey] = value;
  }
  return limits;
}

const refused = (message: string) => new AppError(409, "LIMIT_REACHED", message);
const usd = (microcents: bigint) => `${microcentsToDecimal(microcents > 0n ? microcents : 0n)} USD`;
const PERIOD_WORDS: Record<LimitPeriod, string> = { "24h": "24-hour", "7d": "7-day", "30d": "30-day" };

/**
 * Refuses a Real stake while the member is on a break, and a stake that would pass one of their
 * limits. Runs inside the placing
 * transaction and locks the member's limit rows first, so that two placements are checked one
 * after the other. Limits hold for Real money, and for Free when the member asked for it.
 */
export async function assertStakeWithinLimits(
  tx: Tx,
  readers: Pick<UsageReaders, "stakeFigures">,
  p: { userId: string; account: "wallet" | "demo"; stakeMicrocents: bigint; now: Date; sessionStartedAt: Date | null },
) {
  if (p.account === "wallet") await assertNotOnBreak(tx, p.userId, p.now);
  const rows = await limitRowsOf(tx, p.userId, { forUpdate: true });
  if (!rows.length) return;
  const limits = inForce(rows, p.now);
  if (p.account === "demo" && !limits.free) return;
  if (limits.stakeMax !== undefined && p.stakeMicrocents > limits.stakeMax)
    throw refused(`Your limit for one stake is ${usd(limits.stakeMax)}.`);
  if (limits.sessionMinutes !== undefined && p.sessionStartedAt) {
    const minutes = (p.now.getTime() - p.sessionStartedAt.getTime()) / 60_000;
    if (minutes >= Number(limits.sessionMinutes))
      throw refused(`Your trading session limit of ${limits.sessionMinutes} minutes is reached: sign in again later.`);
  }
  const needsFigures = LIMIT_PERIODS.some(
    (period) => limits[`stake${period}`] !== undefined || limits[`loss${period}`] !== undefined,
  );
  if (!needsFigures && limits.openContracts === undefined) return;
  const figures = await readers.stakeFigures(tx, p.userId, p.account, p.now);
  if (limits.openContracts !== undefined && BigInt(figures.open) >= limits.openContracts)
    throw refused(`Your limit is ${limits.openContracts} open contracts at a time.`);
  for (const period of LIMIT_PERIODS) {
    const stakeLimit = limits[`stake${period}`];
    if (stakeLimit !== undefined && figures.staked[period] + p.stakeMicrocents > stakeLimit)
      throw refused(
        `Your ${PERIOD_WORDS[period]} stake limit is ${usd(stakeLimit)}; ${usd(stakeLimit - figures.staked[period])} of it is left.`,
      );
    // The new stake could be lost in full: it counts as lost until it is settled.
    const lossLimit = limits[`loss${period}`];
    if (lossLimit !== undefined && figures.lost[period] + p.stakeMicrocents > lossLimit)
      throw refused(
        `Your ${PERIOD_WORDS[period]} loss limit is ${usd(lossLimit)}; ${usd(lossLimit - figures.lost[period])} of it is left.`,
      );
  }
}

/**
 * Refuses a deposit request while the member is on a break, or one that would take their deposits
 * of the last 30 days past their limit. Runs inside the transaction that records the invoice, holding the member's limit rows.
 */
export async function assertDepositWithinLimits(
  tx: Tx,
  readers: Pick<UsageReaders, "depositedSince">,
  p: { userId: string; amountMicrocents: bigint; now: Date },
) {
  await assertNotOnBreak(tx, p.userId, p.now);
  const rows = await limitRowsOf(tx, p.userId, { forUpdate: true });
  const limit = inForce(rows, p.now).deposit30d;
  if (limit === undefined) return;
  const deposited = await readers.depositedSince(tx, p.userId, new Date(p.now.getTime() - 30 * 24 * 3600_000));
  if (deposited + p.amountMicrocents > limit)
    throw refused(`Your 30-day deposit limit is ${usd(limit)}; ${usd(limit - deposited)} of it is left.`);
}

/**
 * Sets or removes one limit. A lower limit (or a first one) holds at once and drops any raise
 * waiting; a higher one or a removal waits LIMIT_COOLING_OFF_MS, and asking for the same change
 * again keeps the date first given.
 */
export async function setMemberLimit(db: Db, userId: string, input: SetMemberLimit, now: Date) {
  const key = memberLimitKeyOf(input);
  const wanted = wantedValueOf(input);
  await db.transaction(async (tx) => {
    const row = (await limitRowsOf(tx, userId, { forUpdate: true })).find((r) => r.key === key);
    const current = row ? valueAt(row, now) : null;
    const tighter = wanted !== null && (current === null || wanted <= current);
    // Every change is in the audit log: which limit, what held, and what holds now or from when.
    const audit = (after: { value: bigint | null; pendingValue?: bigint | null; pendingAt?: string | null }) =>
      recordAudit(tx, {
        actorId: userId,
        action: "member.limit",
        targetUserId: userId,
        before: { limit: key, value: current },
        after: { limit: key, ...after },
      });
    if (tighter || (wanted === null && current === null)) {
      await saveLimitRow(tx, { userId, key, value: wanted, pendingValue: null, pendingAt: null }, now);
      await audit({ value: wanted });
      return;
    }
    const alreadyWaiting = row?.pendingAt && row.pendingAt > now && row.pendingValue === wanted;
    const pendingAt = alreadyWaiting && row.pendingAt ? row.pendingAt : new Date(now.getTime() + LIMIT_COOLING_OFF_MS);
    await saveLimitRow(tx, { userId, key, value: current, pendingValue: wanted, pendingAt }, now);
    await audit({ value: current, pendingValue: wanted, pendingAt: pendingAt.toISOString() });
  });
}

/** The value a request asks to store, in its key's unit (`free` set is 1, unset no row value). */
function wantedValueOf(input: SetMemberLimit): bigint | null {
  if (input.limit === "free") return input.value ? 1n : null;
  if (input.value === null) return null;
  return typeof input.value === "bigint" ? input.value : BigInt(input.value);
}

/**
 * The member's limits with what is used of each now (Real money's figures), for the limits page.
 */
export async function memberLimitsOf(
  db: Db,
  readers: UsageReaders,
  p: { userId: string; now: Date; sessionStartedAt: Date },
): Promise<MemberLimits> {
  const rows = await limitRowsOf(db, p.userId);
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const figures = await readers.stakeFigures(db, p.userId, "wallet", p.now);
  const deposited = await readers.depositedSince(db, p.userId, new Date(p.now.getTime() - 30 * 24 * 3600_000));
  // A net gain is no loss used: the loss limits count from zero.
  const lossUsed = (period: LimitPeriod) => (figures.lost[period] > 0n ? figures.lost[period] : 0n);
  const used: Record<MemberLimitKey, bigint | null> = {
    stakeMax: null,
    stake24h: figures.staked["24h"],
    stake7d: figures.staked["7d"],
    stake30d: figures.staked["30d"],
    loss24h: lossUsed("24h"),
    loss7d: lossUsed("7d"),
    loss30d: lossUsed("30d"),
    openContracts: BigInt(figures.open),
    deposit30d: deposited,
    sessionMinutes: BigInt(Math.floor((p.now.getTime() - p.sessionStartedAt.getTime()) / 60_000)),
    free: null,
  };
  return {
    limits: MEMBER_LIMIT_KEYS.map((key) => {
      const row = byKey.get(key);
      const waiting = row?.pendingAt && row.pendingAt > p.now ? row : null;
      return {
        key,
        value: row ? valueAt(row, p.now) : null,
        pending: waiting?.pendingAt
          ? { value: waiting.pendingValue, effectiveAt: waiting.pendingAt.toISOString() }
          : null,
        used: used[key],
      };
    }),
    sessionStartedAt: p.sessionStartedAt.toISOString(),
  };
}
