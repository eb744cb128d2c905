import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { user } from "../../platform/auth/tables.ts";

/** The member's standing, the row locked until the closure's transaction ends (stakes share-lock it). */
export async function lockMemberStanding(tx: Executor, userId: string) {
  const [row] = await tx
    .select({ userStatus: user.userStatus, closedAt: user.closedAt })
    .from(user)
    .where(eq(user.id, userId))
    .for("update");
  return row ?? null;
}

export async function markClosed(tx: Executor, userId: string, closedAt: Date) {
  await tx.update(user).set({ userStatus: "closed", closedAt, updatedAt: closedAt }).where(eq(user.id, userId));
}

export async function findClosure(db: Executor, userId: string) {
  const [row] = await db
    .select({ userStatus: user.userStatus, closedAt: user.closedAt })
    .from(user)
    .where(eq(user.id, userId));
  return row ?? null;
}
