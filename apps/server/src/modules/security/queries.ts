import { and, eq, gt } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { session } from "../../platform/auth/tables.ts";
import { accountFreezes, freezeLinks } from "./tables.ts";

export type FreezeRow = typeof accountFreezes.$inferSelect;

export async function insertFreezeLink(tx: Executor, row: typeof freezeLinks.$inferInsert) {
  await tx.insert(freezeLinks).values(row);
}

/** The member and cause of a freeze link that has not expired. */
export async function findLiveFreezeLink(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ userId: freezeLinks.userId, cause: freezeLinks.cause })
    .from(freezeLinks)
    .where(and(eq(freezeLinks.tokenHash, tokenHash), gt(freezeLinks.expiresAt, now)));
  return row ?? null;
}

/** Freezes the member's money out; false when it already was (the first freeze stands). */
export async function insertFreeze(tx: Executor, userId: string, cause: string): Promise<boolean> {
  const rows = await tx
    .insert(accountFreezes)
    .values({ userId, cause })
    .onConflictDoNothing()
    .returning({ userId: accountFreezes.userId });
  return rows.length > 0;
}

export async function findFreeze(db: Executor, userId: string): Promise<FreezeRow | null> {
  const [row] = await db.select().from(accountFreezes).where(eq(accountFreezes.userId, userId));
  return row ?? null;
}

export async function deleteFreeze(tx: Executor, userId: string): Promise<FreezeRow | null> {
  const [row] = await tx.delete(accountFreezes).where(eq(accountFreezes.userId, userId)).returning();
  return row ?? null;
}

/** Ends every session of the member; the ids, to close their sockets. */
export async function deleteSessionsOf(tx: Executor, userId: string): Promise<string[]> {
  const ended = await tx.delete(session).where(eq(session.userId, userId)).returning({ id: session.id });
  return ended.map((row) => row.id);
}
