import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { memberLimits } from "./tables.ts";

export type LimitRow = typeof memberLimits.$inferSelect;

/** The member's limit rows; `forUpdate` holds them until the transaction ends. */
export async function limitRowsOf(db: Executor, userId: string, opts: { forUpdate?: boolean } = {}) {
  const query = db.select().from(memberLimits).where(eq(memberLimits.userId, userId)).orderBy(memberLimits.key);
  return opts.forUpdate ? query.for("update") : query;
}

export async function saveLimitRow(
  db: Executor,
  row: { userId: string; key: string; value: number | null; pendingValue: number | null; pendingAt: Date | null },
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
