import { and, count, desc, eq, gte, inArray, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { queryRows } from "../../db/rows.ts";
import { user } from "../../platform/auth/tables.ts";
import { memberRefColumns } from "../../platform/kit.ts";
import { depositInvoices } from "./tables.ts";

export type InvoiceRow = typeof depositInvoices.$inferSelect;
export type InvoiceWithMember = InvoiceRow & {
  member: { uid: string; firstName: string; lastName: string; name: string; userName: string | null; email: string };
};

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

export async function findInvoiceByRequestKey(db: Executor, userId: string, requestKey: string) {
  const [row] = await db
    .select()
    .from(depositInvoices)
    .where(and(eq(depositInvoices.userId, userId), eq(depositInvoices.requestKey, requestKey)));
  return row ?? null;
}

export async function updateInvoice(tx: Executor, id: string, values: Partial<typeof depositInvoices.$inferInsert>) {
  const [row] = await tx
    .update(depositInvoices)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(depositInvoices.id, id))
    .returning();
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
  const [rows, [total]] = await Promise.all([
    db
      .select({ invoice: depositInvoices, member: memberRefColumns })
      .from(depositInvoices)
      .innerJoin(user, eq(user.id, depositInvoices.userId))
      .where(where)
      .orderBy(desc(depositInvoices.createdAt), desc(depositInvoices.id))
      .limit(opts.pageSize)
      .offset((opts.page - 1) * opts.pageSize),
    db.select({ n: count() }).from(depositInvoices).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r.invoice, member: r.member })), total: total?.n ?? 0 };
}

export async function findInvoiceWithMember(db: Executor, id: string): Promise<InvoiceWithMember | null> {
  const [row] = await db
    .select({ invoice: depositInvoices, member: memberRefColumns })
    .from(depositInvoices)
    .innerJoin(user, eq(user.id, depositInvoices.userId))
    .where(eq(depositInvoices.id, id));
  return row ? { ...row.invoice, member: row.member } : null;
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
    requested: { count: requested?.n ?? 0, sumCents: Number(requested?.total ?? 0) },
    approved: { count: approved?.n ?? 0, sumCents: Number(approved?.total ?? 0) },
  };
}
