import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { memberBreaks, memberLimits, realityCheckAcks, realityCheckIntervals } from "./tables.ts";

export type LimitRow = typeof memberLimits.$inferSelect;

/** The member's limit rows; `forUpdate` holds them until the transaction ends. */
export async function limitRowsOf(db: Executor, userId: string, opts: { forUpdate?: boolean } = {}) {
  const query = db.select().from(memberLimits).where(eq(memberLimits.userId, userId)).orderBy(memberLimits.key);
  return opts.forUpdate ? query.for("update") : query;
}

export async function saveLimitRow(
  db: Executor,
  row: { userId: string; key: string; value: bigint | null; pendingValue: bigint | null; pendingAt: Date | null },
  now: Date,
) {
  const values = { ...row, updatedAt: now };
  await db
    .insert(memberLimits)
    .values(values)
    .onConflictDoUpdate({
      target: [memberLimits.userId, memberLimits.key],
      set: { value: row.value, pendingValue: row.pendingValue, pendingAt: row.pendingAt, updatedAt: now },
    });
}

export type BreakRow = typeof memberBreaks.$inferSelect;

/** The break in force at `now` (not lifted, not ended), the one ending last. */
export async function breakInForce(db: Executor, userId: string, now: Date) {
  const [row] = await db
    .select()
    .from(memberBreaks)
    .where(and(eq(memberBreaks.userId, userId), isNull(memberBreaks.liftedAt), gt(memberBreaks.endsAt, now)))
    .orderBy(desc(memberBreaks.endsAt))
    .limit(1);
  return row ?? null;
}

export async function insertBreak(db: Executor, row: typeof memberBreaks.$inferInsert) {
  const [inserted] = await db.insert(memberBreaks).values(row).returning();
  if (!inserted) throw new Error("protection: break insert returned nothing");
  return inserted;
}

export const breaksOf = (db: Executor, userId: string) =>
  db.select().from(memberBreaks).where(eq(memberBreaks.userId, userId)).orderBy(desc(memberBreaks.startedAt));

/** Ends every break of the member in force at `now`; answers the rows as they were. */
export async function liftBreaks(db: Executor, userId: string, now: Date, by: string, reason: string) {
  return db
    .update(memberBreaks)
    .set({ liftedAt: now, liftedBy: by, liftReason: reason })
    .where(and(eq(memberBreaks.userId, userId), isNull(memberBreaks.liftedAt), gt(memberBreaks.endsAt, now)))
    .returning();
}

/** The member's reality-check interval in seconds, or null for the default. */
export async function realityIntervalOf(db: Executor, userId: string) {
  const [row] = await db
    .select({ seconds: realityCheckIntervals.intervalSeconds })
    .from(realityCheckIntervals)
    .where(eq(realityCheckIntervals.userId, userId));
  return row?.seconds ?? null;
}

export async function saveRealityInterval(db: Executor, userId: string, seconds: number, now: Date) {
  await db
    .insert(realityCheckIntervals)
    .values({ userId, intervalSeconds: seconds, updatedAt: now })
    .onConflictDoUpdate({ target: realityCheckIntervals.userId, set: { intervalSeconds: seconds, updatedAt: now } });
}

/** When the member last acknowledged the reality check of this session (null: not yet). */
export async function realityAckOf(db: Executor, sessionId: string, userId: string) {
  const [row] = await db
    .select({ at: realityCheckAcks.acknowledgedAt })
    .from(realityCheckAcks)
    .where(and(eq(realityCheckAcks.sessionId, sessionId), eq(realityCheckAcks.userId, userId)));
  return row?.at ?? null;
}

export async function saveRealityAck(db: Executor, sessionId: string, userId: string, at: Date) {
  await db
    .insert(realityCheckAcks)
    .values({ sessionId, userId, acknowledgedAt: at })
    .onConflictDoUpdate({ target: realityCheckAcks.sessionId, set: { acknowledgedAt: at } });
}
