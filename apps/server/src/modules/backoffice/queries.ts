import { and, asc, desc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { user } from "../../platform/auth/tables.ts";
import { updateTouched } from "../../platform/db/update-touched.ts";
import { type MemberRefRow, selectWithMember } from "../../platform/kit.ts";
import { adjustmentRequests } from "./tables.ts";

export async function memberExists(db: Executor, uid: string) {
  const [row] = await db.select({ id: user.id, role: user.role }).from(user).where(eq(user.id, uid));
  return row ?? null;
}

export type AdjustmentRequestRow = typeof adjustmentRequests.$inferSelect;
export type AdjustmentRequestWithMember = AdjustmentRequestRow & { member: MemberRefRow };

/** Inserts the request unless one with its key exists; returns whether it did. */
export async function insertAdjustmentRequest(tx: Executor, row: typeof adjustmentRequests.$inferInsert) {
  const inserted = await tx
    .insert(adjustmentRequests)
    .values(row)
    .onConflictDoNothing({ target: [adjustmentRequests.userId, adjustmentRequests.requestKey] })
    .returning({ id: adjustmentRequests.id });
  return inserted.length > 0;
}

export async function findAdjustmentRequestByKey(db: Executor, userId: string, requestKey: string) {
  const [row] = await db
    .select()
    .from(adjustmentRequests)
    .where(and(eq(adjustmentRequests.userId, userId), eq(adjustmentRequests.requestKey, requestKey)));
  return row ?? null;
}

export async function lockAdjustmentRequest(tx: Executor, id: string) {
  const [row] = await tx.select().from(adjustmentRequests).where(eq(adjustmentRequests.id, id)).for("update");
  return row ?? null;
}

export async function updateAdjustmentRequest(
  tx: Executor,
  id: string,
  values: Partial<typeof adjustmentRequests.$inferInsert>,
) {
  const row = await updateTouched(tx, adjustmentRequests, eq(adjustmentRequests.id, id), values);
  if (!row) throw new Error("adjustment request vanished");
  return row;
}

export async function findAdjustmentRequestWithMember(
  db: Executor,
  id: string,
): Promise<AdjustmentRequestWithMember | null> {
  const [row] = await selectWithMember(db, adjustmentRequests).where(eq(adjustmentRequests.id, id));
  return row ? { ...row.row, member: row.member } : null;
}

/** The queue: waiting ones oldest first, the rest newest first (at most 200). */
export async function listAdjustmentRequests(db: Executor, status?: string): Promise<AdjustmentRequestWithMember[]> {
  const order =
    status === "awaiting_second_approval"
      ? [asc(adjustmentRequests.createdAt), asc(adjustmentRequests.id)]
      : [desc(adjustmentRequests.createdAt), desc(adjustmentRequests.id)];
  const rows = await selectWithMember(db, adjustmentRequests)
    .where(status ? eq(adjustmentRequests.status, status) : undefined)
    .orderBy(...order)
    .limit(200);
  return rows.map((r) => ({ ...r.row, member: r.member }));
}
