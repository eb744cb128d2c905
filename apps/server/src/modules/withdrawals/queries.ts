import { and, count, desc, eq, gte, lte, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { sliceOf, sliceWithTotal } from "../../platform/db/paging.ts";
import { updateTouched } from "../../platform/db/update-touched.ts";
import { type MemberRefRow, selectWithMember } from "../../platform/kit.ts";
import { findByRequestKey } from "../../platform/money/request-key.ts";
import { withdrawals } from "./tables.ts";

export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type WithdrawalWithMember = WithdrawalRow & { member: MemberRefRow };

export async function insertWithdrawal(tx: Executor, row: typeof withdrawals.$inferInsert) {
  const [saved] = await tx.insert(withdrawals).values(row).returning();
  if (!saved) throw new Error("withdrawal not saved");
  return saved;
}

export async function findWithdrawal(db: Executor, id: string, opts: { userId?: string; forUpdate?: boolean } = {}) {
  const query = db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.id, id), opts.userId ? eq(withdrawals.userId, opts.userId) : undefined));
  const [row] = opts.forUpdate ? await query.for("update") : await query;
  return row ?? null;
}

export const findWithdrawalByRequestKey = (db: Executor, userId: string, requestKey: string) =>
  findByRequestKey(db, withdrawals, userId, requestKey);

export async function updateWithdrawal(tx: Executor, id: string, values: Partial<typeof withdrawals.$inferInsert>) {
  const row = await updateTouched(tx, withdrawals, eq(withdrawals.id, id), values);
  if (!row) throw new Error("withdrawal vanished");
  return row;
}

export async function listWithdrawals(
  db: Executor,
  opts: { userId?: string; status?: string; page: number; pageSize: number; oldestFirst?: boolean },
): Promise<{ rows: WithdrawalWithMember[]; total: number }> {
  const where = and(
    opts.userId ? eq(withdrawals.userId, opts.userId) : undefined,
    opts.status ? eq(withdrawals.status, opts.status) : undefined,
  );
  const order = opts.oldestFirst
    ? [withdrawals.createdAt, withdrawals.id]
    : [desc(withdrawals.createdAt), desc(withdrawals.id)];
  const query = selectWithMember(db, withdrawals)
    .where(where)
    .orderBy(...order)
    .$dynamic();
  const { rows, total } = await sliceWithTotal(db, query, { from: withdrawals, where }, sliceOf(opts));
  return { rows: rows.map((r) => ({ ...r.row, member: r.member })), total };
}

export async function findWithdrawalWithMember(db: Executor, id: string): Promise<WithdrawalWithMember | null> {
  const [row] = await selectWithMember(db, withdrawals).where(eq(withdrawals.id, id));
  return row ? { ...row.row, member: row.member } : null;
}

export async function countPendingWithdrawals(db: Executor) {
  const [row] = await db.select({ n: count() }).from(withdrawals).where(eq(withdrawals.status, "pending"));
  return row?.n ?? 0;
}

export async function withdrawalTotalsSince(db: Executor, since: Date) {
  const sum = (where: SQL | undefined) =>
    db
      .select({ n: count(), total: sql<string>`coalesce(sum(${withdrawals.amount}), 0)::text` })
      .from(withdrawals)
      .where(where);
  const [[requested], [approved]] = await Promise.all([
    sum(gte(withdrawals.createdAt, since)),
    sum(and(eq(withdrawals.status, "approved"), gte(withdrawals.reviewedAt, since))),
  ]);
  return {
    requested: { count: requested?.n ?? 0, sumMicrocents: BigInt(requested?.total ?? 0) },
    approved: { count: approved?.n ?? 0, sumMicrocents: BigInt(approved?.total ?? 0) },
  };
}

/**
 * Locks up to `limit` unconfirmed withdrawals whose link has expired, oldest first. Rows another
 * worker or a confirmation holds are skipped (FOR UPDATE SKIP LOCKED): each is expired once, by
 * whoever holds it, on any number of processes.
 */
export async function lockDueUnconfirmed(tx: Executor, now: Date, limit: number): Promise<WithdrawalRow[]> {
  return tx
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.status, "unconfirmed"), lte(withdrawals.confirmExpiresAt, now)))
    .orderBy(withdrawals.confirmExpiresAt)
    .limit(limit)
    .for("update", { skipLocked: true });
}

/** The member's withdrawals still on their way (awaiting the mail's confirmation or the queue). */
export async function countOpenWithdrawals(db: Executor, userId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), sql`${withdrawals.status} in ('unconfirmed', 'pending')`));
  return row?.n ?? 0;
}
