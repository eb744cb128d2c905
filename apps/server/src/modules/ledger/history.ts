import type { MemberAccount, TransactionKind, WalletEntry } from "@helio/shared";
import type { Executor } from "../../db/client.ts";
import {
  countMemberEntries,
  type EntryFilter,
  type EntryRow,
  listMemberEntries,
  listTransactionsByReference,
  memberEntriesOf,
} from "./history-queries.ts";
import { findTransactionByKey } from "./posting-queries.ts";

export type HistoryFilter = { kind?: TransactionKind; account?: MemberAccount; from?: string; to?: string };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Dates are whole UTC days (`to` includes its day); date-times are instants (both inclusive). */
export function entryFilterOf(userId: string, f: HistoryFilter): EntryFilter {
  const from = f.from ? new Date(DAY.test(f.from) ? `${f.from}T00:00:00Z` : f.from) : undefined;
  let before: Date | undefined;
  if (f.to) {
    before = DAY.test(f.to) ? new Date(`${f.to}T00:00:00Z`) : new Date(f.to);
    before = new Date(before.getTime() + (DAY.test(f.to) ? 86_400_000 : 1));
  }
  return { userId, kind: f.kind, account: f.account, from, before };
}

export function toWalletEntry(row: EntryRow): WalletEntry {
  return {
    id: row.id,
    transactionId: row.transactionId,
    kind: row.kind as TransactionKind,
    account: row.account as MemberAccount,
    amountMicrocents: row.amount,
    balanceAfterMicrocents: row.balanceAfter,
    reference: row.referenceType && row.referenceId ? { type: row.referenceType, id: row.referenceId } : null,
    memo: row.memo,
    createdAt: row.createdAt.toISOString(),
  };
}

/** One page of a member's ledger entries, newest first. */
export async function memberHistory(
  db: Executor,
  userId: string,
  filter: HistoryFilter,
  page: { page: number; pageSize: number },
) {
  const f = entryFilterOf(userId, filter);
  const [rows, total] = await Promise.all([
    listMemberEntries(db, f, { limit: page.pageSize, offset: (page.page - 1) * page.pageSize }),
    countMemberEntries(db, f),
  ]);
  return { items: rows.map(toWalletEntry), total, page: page.page, pageSize: page.pageSize };
}

/** Every matching entry, newest first, in batches (for exports); keyset paging, so it stays fast. */
export async function* memberHistoryBatches(db: Executor, userId: string, filter: HistoryFilter, batch = 1000) {
  const f = entryFilterOf(userId, filter);
  let beforeId: number | undefined;
  for (;;) {
    const rows = await listMemberEntries(db, f, { limit: batch, beforeId });
    if (rows.length) yield rows.map(toWalletEntry);
    if (rows.length < batch) return;
    beforeId = rows[rows.length - 1]?.id;
  }
}

/** The movement that holds an idempotency key, if any. */
export async function findMovement(db: Executor, idempotencyKey: string) {
  const row = await findTransactionByKey(db, idempotencyKey);
  return row
    ? { transactionId: row.id, kind: row.kind as TransactionKind, memo: row.memo, createdAt: row.createdAt }
    : null;
}

/** A member's entries in a movement (account, amount, balance after), in the order they were written. */
export async function memberEntries(db: Executor, transactionId: string, userId: string) {
  return (await memberEntriesOf(db, transactionId, userId)).map((e) => ({ ...e, account: e.account as MemberAccount }));
}

/** The movements recorded against one business record, oldest first (e.g. an investment's credits). */
export async function movementsOf(db: Executor, reference: { type: string; id: string }) {
  return listTransactionsByReference(db, reference.type, reference.id);
}
