import { and, asc, count, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { balances, ledgerEntries, ledgerTransactions } from "./tables.ts";

export type EntryFilter = {
  userId: string;
  kind?: string;
  account?: string;
  /** Inclusive lower bound. */
  from?: Date;
  /** Exclusive upper bound. */
  before?: Date;
};

export const entryColumns = {
  id: ledgerEntries.id,
  transactionId: ledgerEntries.transactionId,
  kind: ledgerTransactions.kind,
  account: balances.account,
  amount: ledgerEntries.amount,
  balanceAfter: ledgerEntries.balanceAfter,
  referenceType: ledgerTransactions.referenceType,
  referenceId: ledgerTransactions.referenceId,
  memo: ledgerTransactions.memo,
  createdAt: ledgerEntries.createdAt,
};
export type EntryRow = {
  id: number;
  transactionId: string;
  kind: string;
  account: string;
  amount: bigint;
  balanceAfter: bigint;
  referenceType: string | null;
  referenceId: string | null;
  memo: string | null;
  createdAt: Date;
};

export const entryWhere = (f: EntryFilter, extra?: SQL) =>
  and(
    eq(balances.userId, f.userId),
    f.account ? eq(balances.account, f.account) : undefined,
    f.kind ? eq(ledgerTransactions.kind, f.kind) : undefined,
    f.from ? gte(ledgerEntries.createdAt, f.from) : undefined,
    f.before ? lt(ledgerEntries.createdAt, f.before) : undefined,
    extra,
  );

/** A member's entries, newest first, with their transaction's kind and reference. */
export async function listMemberEntries(
  db: Executor,
  filter: EntryFilter,
  page: { limit: number; offset?: number; beforeId?: number },
): Promise<EntryRow[]> {
  return db
    .select(entryColumns)
    .from(ledgerEntries)
    .innerJoin(balances, eq(balances.id, ledgerEntries.balanceId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(entryWhere(filter, page.beforeId !== undefined ? lt(ledgerEntries.id, page.beforeId) : undefined))
    .orderBy(desc(ledgerEntries.id))
    .limit(page.limit)
    .offset(page.offset ?? 0);
}

export async function countMemberEntries(db: Executor, filter: EntryFilter): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(ledgerEntries)
    .innerJoin(balances, eq(balances.id, ledgerEntries.balanceId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(entryWhere(filter));
  return row?.n ?? 0;
}

/** A member's entries in one movement: which account moved by how much (an idempotent replay reads them). */
export async function memberEntriesOf(db: Executor, transactionId: string, userId: string) {
  return db
    .select({ account: balances.account, amount: ledgerEntries.amount, balanceAfter: ledgerEntries.balanceAfter })
    .from(ledgerEntries)
    .innerJoin(balances, eq(balances.id, ledgerEntries.balanceId))
    .where(and(eq(ledgerEntries.transactionId, transactionId), eq(balances.userId, userId)))
    .orderBy(asc(ledgerEntries.id));
}

/** Movements recorded against one business record (e.g. an investment), oldest first. */
export async function listTransactionsByReference(db: Executor, referenceType: string, referenceId: string) {
  return db
    .select({
      id: ledgerTransactions.id,
      kind: ledgerTransactions.kind,
      idempotencyKey: ledgerTransactions.idempotencyKey,
      createdAt: ledgerTransactions.createdAt,
    })
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.referenceType, referenceType), eq(ledgerTransactions.referenceId, referenceId)))
    .orderBy(ledgerTransactions.createdAt);
}
