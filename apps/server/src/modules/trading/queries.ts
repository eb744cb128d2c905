import { jsonText } from "@helio/shared";
import { and, count, desc, eq, gte, lt, lte, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { queryRows } from "../../db/rows.ts";
import { user } from "../../platform/auth/tables.ts";
import { type Slice, sliceWithTotal } from "../../platform/db/paging.ts";
import { memberRefColumns } from "../../platform/kit.ts";
import { findByRequestKey as findRowByRequestKey } from "../../platform/money/request-key.ts";
import { lastTickSubquery } from "../market/index.ts";
import { tradeContracts } from "./tables.ts";

export type ContractRow = typeof tradeContracts.$inferSelect;
export type NewContract = typeof tradeContracts.$inferInsert;

/**
 * The member's mode and standing for a stake, the row share-locked until the transaction ends: a
 * closure (which locks it for update) either waits for the stake and sees its contract, or
 * commits first and the stake reads the account closed.
 */
export async function tradingModeOf(db: Executor, userId: string) {
  const [row] = await db
    .select({ userTrading: user.userTrading, userBlock: user.userBlock, userStatus: user.userStatus })
    .from(user)
    .where(eq(user.id, userId))
    .for("share");
  return row ?? null;
}

/** The member's mode and lock, the row locked until the transaction ends (a switch at a time). */
export async function lockTradingMode(db: Executor, userId: string) {
  const [row] = await db
    .select({ userTrading: user.userTrading, tradingLocked: user.tradingLocked })
    .from(user)
    .where(eq(user.id, userId))
    .for("update");
  return row ?? null;
}

export async function setUserTrading(db: Executor, userId: string, userTrading: boolean) {
  await db.update(user).set({ userTrading, updatedAt: new Date() }).where(eq(user.id, userId));
}

export const findByRequestKey = (db: Executor, userId: string, requestKey: string) =>
  findRowByRequestKey(db, tradeContracts, userId, requestKey);

export async function countOpen(db: Executor, userId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(tradeContracts)
    .where(and(eq(tradeContracts.userId, userId), eq(tradeContracts.status, "open")));
  return row?.n ?? 0;
}

export async function insertContract(db: Executor, row: NewContract) {
  const [inserted] = await db.insert(tradeContracts).values(row).returning();
  if (!inserted) throw new Error("trading: contract insert returned nothing");
  return inserted;
}

export async function findContract(db: Executor, id: string) {
  const [row] = await db.select().from(tradeContracts).where(eq(tradeContracts.id, id));
  return row ?? null;
}

/**
 * Open contracts due at `cutoff`, locked (rows another worker holds are skipped), each with the
 * last stored tick of its pair at or before its expiry (null when none): one statement for the
 * whole batch, each tick found by one probe of the (symbol, at) index.
 */
export async function lockDueContracts(db: Executor, cutoff: Date, limit: number) {
  const exit = lastTickSubquery(db, tradeContracts.symbol, tradeContracts.expiresAt);
  const rows = await db
    .select({ contract: tradeContracts, exitPrice: exit.price, exitAt: exit.at })
    .from(tradeContracts)
    .leftJoinLateral(exit, sql`true`)
    .where(and(eq(tradeContracts.status, "open"), lte(tradeContracts.expiresAt, cutoff)))
    .orderBy(tradeContracts.expiresAt)
    .limit(limit)
    .for("update", { of: tradeContracts, skipLocked: true });
  return rows.map((r) => ({
    ...r.contract,
    exitTick: r.exitPrice === null || r.exitAt === null ? null : { price: Number(r.exitPrice), at: new Date(r.exitAt) },
  }));
}

export type Settlement = { id: string; result: string; exitPrice: number | null; payout: bigint };

/**
 * Marks a batch settled in one statement; a contract no longer open is left alone. Returns the
 * ids it marked.
 */
export async function markSettled(db: Executor, settledAt: Date, settlements: Settlement[]): Promise<string[]> {
  if (!settlements.length) return [];
  // The payouts (bigint microcents) travel as strings of digits, which the bigint column reads exactly.
  const json = jsonText(
    settlements.map((s) => ({ id: s.id, result: s.result, exit_price: s.exitPrice, payout: s.payout })),
  );
  const rows = await queryRows<{ id: string }>(
    db,
    sql`
    update trade_contracts c
    set status = 'settled', result = v.result, exit_price = v.exit_price, payout = v.payout,
        settled_at = ${settledAt.toISOString()}::timestamptz
    from json_to_recordset(${json}::json) as v(id uuid, result text, exit_price bigint, payout bigint)
    where c.id = v.id and c.status = 'open'
    returning c.id`,
  );
  return rows.map((r) => r.id);
}

/** The member's running contracts, of one account (`wallet` or `demo`) when `account` is given. */
export async function listOpen(db: Executor, userId: string, account?: "wallet" | "demo") {
  return db
    .select()
    .from(tradeContracts)
    .where(
      and(
        eq(tradeContracts.userId, userId),
        eq(tradeContracts.status, "open"),
        account ? eq(tradeContracts.account, account) : undefined,
      ),
    )
    .orderBy(tradeContracts.expiresAt);
}

/** Settled contracts of one member and one account: Real and Practice are never listed or summed together. */
export type HistoryWhere = {
  userId: string;
  account: "wallet" | "demo";
  symbol?: string;
  result?: string;
  from?: Date;
  before?: Date;
};
function historyWhere(f: HistoryWhere): SQL | undefined {
  return and(
    eq(tradeContracts.userId, f.userId),
    eq(tradeContracts.status, "settled"),
    eq(tradeContracts.account, f.account),
    f.symbol ? eq(tradeContracts.symbol, f.symbol) : undefined,
    f.result ? eq(tradeContracts.result, f.result) : undefined,
    f.from ? gte(tradeContracts.createdAt, f.from) : undefined,
    f.before ? lt(tradeContracts.createdAt, f.before) : undefined,
  );
}

export async function listHistory(db: Executor, f: HistoryWhere, page: { limit: number; offset: number }) {
  return db
    .select()
    .from(tradeContracts)
    .where(historyWhere(f))
    .orderBy(desc(tradeContracts.settledAt), desc(tradeContracts.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function historyTotals(db: Executor, f: HistoryWhere) {
  const [row] = await db
    .select({
      count: count(),
      won: sql<string>`coalesce(sum(case when ${tradeContracts.result} = 'win' then ${tradeContracts.payout} - ${tradeContracts.amount} else 0 end), 0)::text`,
      lost: sql<string>`coalesce(sum(case when ${tradeContracts.result} = 'loss' then ${tradeContracts.amount} else 0 end), 0)::text`,
    })
    .from(tradeContracts)
    .where(historyWhere(f));
  return { count: row?.count ?? 0, won: BigInt(row?.won ?? 0), lost: BigInt(row?.lost ?? 0) };
}

export async function listAll(db: Executor, f: { status?: string; userId?: string }, page: Slice) {
  const where = and(
    f.status ? eq(tradeContracts.status, f.status) : undefined,
    f.userId ? eq(tradeContracts.userId, f.userId) : undefined,
  );
  const query = db
    .select({ contract: tradeContracts, member: memberRefColumns })
    .from(tradeContracts)
    .innerJoin(user, eq(user.id, tradeContracts.userId))
    .where(where)
    .orderBy(desc(tradeContracts.createdAt))
    .$dynamic();
  return sliceWithTotal(db, query, { from: tradeContracts, where }, page);
}

/** How many contracts are open, by the account they stake (`wallet` or `demo`). */
export async function openContractCounts(db: Executor) {
  return db
    .select({ account: tradeContracts.account, open: sql<number>`count(*)::int` })
    .from(tradeContracts)
    .where(eq(tradeContracts.status, "open"))
    .groupBy(tradeContracts.account);
}

/** The settlement worker's lag: open contracts already due at `now`, and the expiry of the oldest. */
export async function dueContractsLag(db: Executor, now: Date) {
  const [row] = await db
    .select({ due: count(), oldest: sql<Date | string | null>`min(${tradeContracts.expiresAt})` })
    .from(tradeContracts)
    .where(and(eq(tradeContracts.status, "open"), lte(tradeContracts.expiresAt, now)));
  return { due: row?.due ?? 0, oldestDueAt: row?.oldest ? new Date(row.oldest) : null };
}

/**
 * What a contract pays if it wins, rounded up to the microcent, so that sums of it bound the real
 * payouts (each is rounded half to even on its own). In numeric, as stake × (100 + percent) may pass
 * the bigint range before it is divided.
 */
const worstCasePayout = sql<string>`coalesce(sum(div(${tradeContracts.amount}::numeric * (100 + ${tradeContracts.payoutPercent}) + 99, 100)), 0)::text`;

/**
 * Serialises Real placements on one pair for the rest of the transaction (a transaction-level
 * advisory lock), so that two placements cannot both fit under the pair's cap. Taken first in the
 * placing transaction, before any balance row, so its order with the balance locks is always the same.
 */
export async function lockPairExposure(tx: Executor, symbol: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`trade-exposure:${symbol}`}))`);
}

/** The worst case of one pair's open Real contracts: what they pay if every one wins. */
export async function pairWorstCase(tx: Executor, symbol: string): Promise<bigint> {
  const [row] = await tx
    .select({ total: worstCasePayout })
    .from(tradeContracts)
    .where(
      and(eq(tradeContracts.status, "open"), eq(tradeContracts.account, "wallet"), eq(tradeContracts.symbol, symbol)),
    );
  return BigInt(row?.total ?? 0);
}

/** Open Real contracts per pair and direction: count, stakes and worst-case payout. */
export async function openRealExposure(db: Executor) {
  const rows = await db
    .select({
      symbol: tradeContracts.symbol,
      direction: tradeContracts.direction,
      contracts: count(),
      stake: sql<string>`coalesce(sum(${tradeContracts.amount}), 0)::text`,
      worstCase: worstCasePayout,
    })
    .from(tradeContracts)
    .where(and(eq(tradeContracts.status, "open"), eq(tradeContracts.account, "wallet")))
    .groupBy(tradeContracts.symbol, tradeContracts.direction);
  return rows.map((r) => ({ ...r, stake: BigInt(r.stake), worstCase: BigInt(r.worstCase) }));
}

/**
 * What a member staked and lost on one account in the last 24 hours, 7 days and 30 days (by entry
 * time; lost is stakes minus payouts, an open contract counting as lost) and how many contracts
 * are open, in one query.
 */
export async function stakeFigures(db: Executor, userId: string, account: "wallet" | "demo", now: Date) {
  const since = (ms: number) => new Date(now.getTime() - ms);
  const windows = { "24h": since(24 * 3600_000), "7d": since(7 * 24 * 3600_000), "30d": since(30 * 24 * 3600_000) };
  const c = tradeContracts;
  const staked = (from: Date) =>
    sql<string>`coalesce(sum(${c.amount}) filter (where ${c.entryAt} >= ${from}), 0)::text`;
  const lost = (from: Date) =>
    sql<string>`coalesce(sum(${c.amount} - coalesce(${c.payout}, 0)) filter (where ${c.entryAt} >= ${from}), 0)::text`;
  const [row] = await db
    .select({
      open: sql<number>`count(*) filter (where ${c.status} = 'open')::int`,
      staked24h: staked(windows["24h"]),
      staked7d: staked(windows["7d"]),
      staked30d: staked(windows["30d"]),
      lost24h: lost(windows["24h"]),
      lost7d: lost(windows["7d"]),
      lost30d: lost(windows["30d"]),
    })
    .from(c)
    .where(
      and(
        eq(c.userId, userId),
        eq(c.account, account),
        sql`(${c.status} = 'open' or ${c.entryAt} >= ${windows["30d"]})`,
      ),
    );
  const microcents = (v: string | undefined) => BigInt(v ?? 0);
  return {
    open: row?.open ?? 0,
    staked: { "24h": microcents(row?.staked24h), "7d": microcents(row?.staked7d), "30d": microcents(row?.staked30d) },
    lost: { "24h": microcents(row?.lost24h), "7d": microcents(row?.lost7d), "30d": microcents(row?.lost30d) },
  };
}

/**
 * The member's Real contracts placed since `since` (a session's start): how many, how many are
 * open, their stakes and the payouts of those settled (microcents).
 */
export async function realContractsSince(db: Executor, userId: string, since: Date) {
  const c = tradeContracts;
  const [row] = await db
    .select({
      contracts: sql<number>`count(*)::int`,
      open: sql<number>`count(*) filter (where ${c.status} = 'open')::int`,
      staked: sql<string>`coalesce(sum(${c.amount}), 0)::text`,
      paid: sql<string>`coalesce(sum(${c.payout}), 0)::text`,
    })
    .from(c)
    .where(and(eq(c.userId, userId), eq(c.account, "wallet"), gte(c.entryAt, since)));
  return {
    contracts: row?.contracts ?? 0,
    open: row?.open ?? 0,
    stakedMicrocents: BigInt(row?.staked ?? 0),
    payoutMicrocents: BigInt(row?.paid ?? 0),
  };
}
