import { and, asc, count, eq, gt, lt, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { type EntryFilter, type EntryRow, entryColumns, entryWhere } from "./history-queries.ts";
import { balances, ledgerEntries, ledgerTransactions } from "./tables.ts";

/** One account of one member: a statement never mixes accounts. */
export type AccountFilter = EntryFilter & { account: string };

/** The period's entries of one account, oldest first (paged by offset or by the last id read). */
export async function listAccountEntries(
  db: Executor,
  f: AccountFilter,
  page: { limit: number; offset?: number; afterId?: number },
): Promise<EntryRow[]> {
  return db
    .select(entryColumns)
    .from(ledgerEntries)
    .innerJoin(balances, eq(balances.id, ledgerEntries.balanceId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(entryWhere(f, page.afterId !== undefined ? gt(ledgerEntries.id, page.afterId) : undefined))
    .orderBy(asc(ledgerEntries.id))
    .limit(page.limit)
    .offset(page.offset ?? 0);
}

/** How many entries the period lists, and the sums of those in and out. */
export async function accountEntryTotals(db: Executor, f: AccountFilter) {
  const [row] = await db
    .select({
      n: count(),
      in: sql<string>`coalesce(sum(case when ${ledgerEntries.amount} > 0 then ${ledgerEntries.amount} else 0 end), 0)::text`,
      out: sql<string>`coalesce(sum(case when ${ledgerEntries.amount} < 0 then ${ledgerEntries.amount} else 0 end), 0)::text`,
    })
    .from(ledgerEntries)
    .innerJoin(balances, eq(balances.id, ledgerEntries.balanceId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(entryWhere(f));
  return { count: row?.n ?? 0, inMicrocents: BigInt(row?.in ?? 0), outMicrocents: BigInt(row?.out ?? 0) };
}

/**
 * The account's balance at an instant: the sum of every entry before it (all kinds). A sum, not
 * the last entry's balance_after, so that opening + the period's movements = closing exactly.
 */
export async function accountBalanceAt(db: Executor, userId: string, account: string, at?: Date): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
    .from(ledgerEntries)
    .innerJoin(balances, eq(balances.id, ledgerEntries.balanceId))
    .where(
      and(eq(balances.userId, userId), eq(balances.account, account), at ? lt(ledgerEntries.createdAt, at) : undefined),
    );
  return BigInt(row?.total ?? 0);
}
