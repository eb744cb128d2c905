import { count, eq, isNull, ne, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { user } from "../../platform/auth/tables.ts";

/** Members (admins excluded): all, blocked, banned. */
export async function memberCounts(db: Executor) {
  const [row] = await db
    .select({
      total: count(),
      blocked: sql<number>`count(*) filter (where ${user.userBlock})::int`,
      banned: sql<number>`count(*) filter (where ${user.userStatus} = 'banned')::int`,
    })
    .from(user)
    .where(or(isNull(user.role), ne(user.role, "admin")));
  return { total: row?.total ?? 0, blocked: Number(row?.blocked ?? 0), banned: Number(row?.banned ?? 0) };
}

export async function memberExists(db: Executor, uid: string) {
  const [row] = await db.select({ id: user.id, role: user.role }).from(user).where(eq(user.id, uid));
  return row ?? null;
}
