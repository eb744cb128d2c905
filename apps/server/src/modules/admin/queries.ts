import { and, desc, eq, ilike, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { session, user } from "../../platform/auth/tables.ts";
import { sliceOf, sliceWithTotal } from "../../platform/db/paging.ts";
import { memberRefColumns } from "../../platform/kit.ts";
import { impersonationTokens } from "./tables.ts";

const summaryColumns = {
  ...memberRefColumns,
  emailVerified: user.emailVerified,
  role: user.role,
  userTrading: user.userTrading,
  userBlock: user.userBlock,
  userStatus: user.userStatus,
  currency: user.currency,
  createdAt: user.createdAt,
  photoURL: user.image,
  referredBy: user.referredBy,
  twoFactorEnabled: user.twoFactorEnabled,
};

export type MemberRow = Awaited<ReturnType<typeof findMember>> & {};

export async function listMembers(db: Executor, opts: { search?: string; page: number; pageSize: number }) {
  const term = opts.search ? `%${opts.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = term ? or(ilike(user.name, term), ilike(user.username, term), ilike(user.email, term)) : undefined;
  const query = db
    .select(summaryColumns)
    .from(user)
    .where(where)
    .orderBy(desc(user.createdAt), desc(user.id))
    .$dynamic();
  return sliceWithTotal(db, query, { from: user, where }, sliceOf(opts));
}

export async function findMember(db: Executor, uid: string, opts: { forUpdate?: boolean } = {}) {
  const query = db.select(summaryColumns).from(user).where(eq(user.id, uid));
  const [row] = opts.forUpdate ? await query.for("update") : await query;
  return row ?? null;
}

export async function setMemberFlags(
  db: Executor,
  uid: string,
  values: Partial<{ userBlock: boolean; userStatus: string; userTrading: boolean }>,
) {
  await db
    .update(user)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(user.id, uid));
}

export async function insertImpersonationToken(
  db: Executor,
  row: { tokenHash: string; adminId: string; targetUserId: string; expiresAt: Date },
) {
  await db.insert(impersonationTokens).values(row);
}

/** Marks the token used if it is unused, unexpired and the admin's own; returns its target. */
export async function consumeImpersonationToken(db: Executor, tokenHash: string, adminId: string, now: Date) {
  const [row] = await db
    .update(impersonationTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(impersonationTokens.tokenHash, tokenHash),
        eq(impersonationTokens.adminId, adminId),
        sql`${impersonationTokens.usedAt} is null`,
        sql`${impersonationTokens.expiresAt} > ${now.toISOString()}`,
      ),
    )
    .returning({ targetUserId: impersonationTokens.targetUserId });
  return row?.targetUserId ?? null;
}

/** Ends every session of a member (after an unblock or unban they sign in afresh). */
export async function revokeSessions(db: Executor, uid: string): Promise<string[]> {
  const ended = await db.delete(session).where(eq(session.userId, uid)).returning({ id: session.id });
  return ended.map((row) => row.id);
}
