import { and, count, desc, eq, gte, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { user } from "../../platform/auth/tables.ts";
import { memberRefColumns } from "../../platform/kit.ts";
import { withdrawals } from "./tables.ts";

export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type WithdrawalWithMember = WithdrawalRow & {
  member: { uid: string; firstName: string; lastName: string; name: string; userName: string | null; email: string };
};

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

export async function findWithdrawalByRequestKey(db: Executor, userId: string, requestKey: string) {
  const [row] = await db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), eq(withdrawals.requestKey, requestKey)));
  return row ?? null;
}

export async function updateWithdrawal(tx: Executor, id: string, values: Partial<typeof withdrawals.$inferInsert>) {
  const [row] = await tx
    .update(withdrawals)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(withdrawals.id, id))
    .returning();
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
  const [rows, [total]] = await Promise.all([
    db
      .select({ w: withdrawals, member: memberRefColumns })
      .from(withdrawals)
      .innerJoin(user, eq(user.id, withdrawals.userId))
      .where(where)
      .orderBy(
        ...(opts.oldestFirst
          ? [withdrawals.createdAt, withdrawals.id]
          : [desc(withdrawals.createdAt), desc(withdrawals.id)]),
      )
      .limit(opts.pageSize)
      .offset((opts.page - 1) * opts.pageSize),
    db.select({ n: count() }).from(withdrawals).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r.w, member: r.member })), total: total?.n ?? 0 };
}

export async function findWithdrawalWithMember(db: Executor, id: string): Promise<WithdrawalWithMember | null> {
  const [row] = await db
    .select({ w: withdrawals, member: memberRefColumns })
    .from(withdrawals)
    .innerJoin(user, eq(user.id, withdrawals.userId))
    .where(eq(withdrawals.id, id));
  return row ? { ...row.w, member: row.member } : null;
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
    requested: { count: requested?.n ?? 0, sumCents: Number(requested?.total ?? 0) },
    approved: { count: approved?.n ?? 0, sumCents: Number(approved?.total ?? 0) },
  };
}
