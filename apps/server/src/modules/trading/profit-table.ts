import {
  accountOfMode,
  modeOfAccount,
  type PairSymbol,
  type ProfitFilter,
  type ProfitResponse,
  type ProfitRow,
  type ProfitTotals,
  type TradeDirection,
  type TradeResult,
  unitsToPrice,
} from "@helio/shared";
import type { Executor } from "../../db/client.ts";
import { entryFilterOf } from "../ledger/index.ts";
import { listSettled, type ProfitWhere, settledTotals } from "./profit-queries.ts";
import type { tradeContracts } from "./tables.ts";

type ContractRow = typeof tradeContracts.$inferSelect;

export type ProfitSummary = Pick<ProfitResponse, "mode" | "from" | "to"> & { totals: ProfitTotals };

function whereOf(userId: string, f: ProfitFilter): ProfitWhere {
  // The same whole-UTC-day reading of a period as the statement's.
  const { from, before } = entryFilterOf(userId, { from: f.from, to: f.to });
  return { userId, account: accountOfMode(f.mode), from, before };
}

function toProfitRow(row: ContractRow): ProfitRow {
  const payout = row.payout ?? 0n;
  return {
    id: row.id,
    symbol: row.symbol as PairSymbol,
    direction: row.direction as TradeDirection,
    mode: modeOfAccount(row.account as "wallet" | "demo"),
    openedAt: row.entryAt.toISOString(),
    closedAt: row.expiresAt.toISOString(),
    entryPrice: unitsToPrice(row.entryPrice),
    exitPrice: row.exitPrice === null ? null : unitsToPrice(row.exitPrice),
    result: row.result as TradeResult,
    stakeMicrocents: row.amount,
    payoutMicrocents: payout,
    profitMicrocents: payout - row.amount,
  };
}

/** The profit table's figures: how many contracts, stakes, payouts and their difference. */
export async function profitSummary(db: Executor, userId: string, f: ProfitFilter): Promise<ProfitSummary> {
  const t = await settledTotals(db, whereOf(userId, f));
  return {
    mode: f.mode,
    from: f.from ?? null,
    to: f.to ?? null,
    totals: { ...t, profitMicrocents: t.payoutMicrocents - t.stakeMicrocents },
  };
}

/** One page of the profit table, oldest settlement first, with its totals. */
export async function profitTable(
  db: Executor,
  userId: string,
  f: ProfitFilter,
  page: { page: number; pageSize: number },
): Promise<ProfitResponse> {
  const [summary, rows] = await Promise.all([
    profitSummary(db, userId, f),
    listSettled(db, whereOf(userId, f), { limit: page.pageSize, offset: (page.page - 1) * page.pageSize }),
  ]);
  return { ...summary, items: rows.map(toProfitRow), total: summary.totals.count, ...page };
}

/** Every row of the profit table, in batches (files). */
export async function* profitBatches(db: Executor, userId: string, f: ProfitFilter, batch = 500) {
  const where = whereOf(userId, f);
  let after: { settledAt: Date; id: string } | undefined;
  for (;;) {
    const rows = await listSettled(db, where, { limit: batch, after });
    if (rows.length) yield rows.map(toProfitRow);
    const last = rows[rows.length - 1];
    if (rows.length < batch || !last?.settledAt) return;
    after = { settledAt: last.settledAt, id: last.id };
  }
}
