import { and, count, desc, eq, gte, inArray, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { queryRows } from "../../db/rows.ts";
import { sliceOf, sliceWithTotal } from "../../platform/db/paging.ts";
import { updateTouched } from "../../platform/db/update-touched.ts";
import { type MemberRefRow, selectWithMember } from "../../platform/kit.ts";
import { findByRequestKey } from "../../platform/money/request-key.ts";
import { depositInvoices } from "./tables.ts";

export type InvoiceRow = typeof depositInvoices.$inferSelect;
export type InvoiceWithMember = InvoiceRow & { member: MemberRefRow };

export async function insertInvoice(tx: Executor, row: typeof depositInvoices.$inferInsert) {
  const [saved] = await tx.insert(depositInvoices).values(row).returning();
  if (!saved) throw new Error("deposit invoice not saved");
  return saved;
}

export async function findInvoice(db: Executor, id: string, opts: { userId?: string; forUpdate?: boolean } = {}) {
  const where = and(eq(depositInvoices.id, id), opts.userId ? eq(depositInvoices.userId, opts.userId) : undefined);
  const query = db.select().from(depositInvoices).where(where);
  const [row] = opts.forUpdate ? await query.for("update") : await query;
  return row ?? null;
}

export const findInvoiceByRequestKey = (db: Executor, userId: string, requestKey: string) =>
  findByRequestKey(db, depositInvoices, userId, requestKey);

export async function updateInvoice(tx: Executor, id: string, values: Partial<typeof depositInvoices.$inferInsert>) {
  const row = await updateTouched(tx, depositInvoices, eq(depositInvoices.id, id), values);
  if (!row) throw new Error("deposit invoice vanished");
  return row;
}

export async function listInvoices(
  db: Executor,
  opts: { userId?: string; status?: string; page: number; pageSize: number },
): Promise<{ rows: InvoiceWithMember[]; total: number }> {
  const where = and(
    opts.userId ? eq(depositInvoices.userId, opts.userId) : undefined,
    opts.status ? eq(depositInvoices.status, opts.status) : undefined,
  );
  const query = selectWithMember(db, depositInvoices)
    .where(where)
    .orderBy(desc(depositInvoices.createdAt), desc(depositInvoices.id))
    .$dynamic();
  const { rows, total } = await sliceWithTotal(db, query, { from: depositInvoices, where }, sliceOf(opts));
  return { rows: rows.map((r) => ({ ...r.row, member: r.member })), total };
}

export async function findInvoiceWithMember(db: Executor, id: string): Promise<InvoiceWithMember | null> {
  const [row] = await selectWithMember(db, depositInvoices).where(eq(depositInvoices.id, id));
  return row ? { ...row.row, member: row.member } : null;
}

/**
 * Marks up to `limit` invoices past their expiry, still without a proof, as expired. Rows another
 * worker holds are skipped (FOR UPDATE SKIP LOCKED), so any number of instances can run this.
 */
export async function expireDue(tx: Executor, now: Date, limit: number) {
  const rows = await queryRows<{ id: string; user_id: string }>(
    tx,
    sql`
    update deposit_invoices set status = 'expired', updated_at = now()
    where id in (
      select id from deposit_invoices
      where status = 'awaiting_payment' and expires_at <= ${now.toISOString()}::timestamptz
      order by expires_at
      limit ${limit}
      for update skip locked)
    and status = 'awaiting_payment'
    returning id, user_id`,
  );
  return rows.map((r) => ({ id: r.id, userId: r.user_id }));
}

export async function countByStatus(db: Executor, statuses: string[]) {
  const rows = await db
    .select({ status: depositInvoices.status, n: count() })
    .from(depositInvoices)
    .where(inArray(depositInvoices.status, statuses))
    .groupBy(depositInvoices.status);
  return Object.fromEntries(rows.map((r) => [r.status, r.n])) as Record<string, number>;
}

/** Count and sum of invoices made since `since`, and of those approved since `since`. */
export async function depositTotalsSince(db: Executor, since: Date) {
  const sum = (where: SQL | undefined) =>
    db
      .select({ n: count(), total: sql<string>`coalesce(sum(${depositInvoices.amount}), 0)::text` })
      .from(depositInvoices)
      .where(where);
  const [[requested], [approved]] = await Promise.all([
    sum(gte(depositInvoices.createdAt, since)),
    sum(and(eq(depositInvoices.status, "approved"), gte(depositInvoices.reviewedAt, since))),
  ]);
  return {
    requested: { count: requested?.n ?? 0, sumMicrocents: BigInt(requested?.total ?? 0) },
    approved: { count: approved?.n ?? 0, sumMicrocents: BigInt(approved?.total ?? 0) },
  };
}

/** What a member asked to deposit since `since`, in microcents: every invoice not rejected or expired. */
export async function depositedSince(db: Executor, userId: string, since: Date): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${depositInvoices.amount}), 0)::text` })
    .from(depositInvoices)
    .where(
      and(
        eq(depositInvoices.userId, userId),
        gte(depositInvoices.createdAt, since),
        sql`${depositInvoices.status} not in ('rejected', 'expired')`,
      ),
    );
  return BigInt(row?.total ?? 0);
}

/** How many of the member's deposit invoices may still be paid or approved (closing the account waits for them). */
export async function countOpenDeposits(db: Executor, userId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(depositInvoices)
    .where(
      and(
        eq(depositInvoices.userId, userId),
        sql`${depositInvoices.status} in ('awaiting_payment', 'proof_submitted')`,
      ),
    );
  return row?.n ?? 0;
}
