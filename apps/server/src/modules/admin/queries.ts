import { and, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.ts";
import { session, user } from "../../platform/auth/tables.ts";
import { sliceOf } from "../../platform/db/paging.ts";
import { isMemberAccount, memberRefColumns } from "../../platform/kit.ts";
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
  twoFactorEnabled: user.twoFactorEnabled,
};

const referrer = alias(user, "referrer");
/** A member's detail: the summary and who referred them (null without a referrer). */
const detailColumns = {
  ...summaryColumns,
  tradingLocked: user.tradingLocked,
  referrer: {
    uid: referrer.id,
    firstName: referrer.firstName,
    lastName: referrer.lastName,
    name: referrer.name,
    userName: referrer.username,
    email: referrer.email,
  },
};

export type MemberRow = Awaited<ReturnType<typeof findMember>> & {};

const searchOf = (search: string | undefined) => {
  if (!search) return undefined;
  const term = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(ilike(user.name, term), ilike(user.username, term), ilike(user.email, term));
};

/**
 * Members (`isMemberAccount`: every account but the admins), of them blocked and banned; `where`
 * narrows them (a search). The Members page's total and the dashboard's figure both come from here.
 */
export async function memberCounts(db: Executor, where?: SQL) {
  const [row] = await db
    .select({
      total: count(),
      blocked: sql<number>`count(*) filter (where ${user.userBlock})::int`,
      banned: sql<number>`count(*) filter (where ${user.userStatus} = 'banned')::int`,
    })
    .from(user)
    .where(and(isMemberAccount, where));
  return { total: row?.total ?? 0, blocked: Number(row?.blocked ?? 0), banned: Number(row?.banned ?? 0) };
}

export async function listMembers(db: Executor, opts: { search?: string; page: number; pageSize: number }) {
  const search = searchOf(opts.search);
  const { limit, offset } = sliceOf(opts);
  const [rows, counts] = await Promise.all([
    db
      .select(summaryColumns)
      .from(user)
      .where(and(isMemberAccount, search))
      .orderBy(desc(user.createdAt), desc(user.id))
      .limit(limit)
      .offset(offset),
    memberCounts(db, search),
  ]);
  return { rows, total: counts.total };
}

/** Any account, admins too (their own page); `forUpdate` locks the member's row, not the referrer's. */
export async function findMember(db: Executor, uid: string, opts: { forUpdate?: boolean } = {}) {
  const query = db
    .select(detailColumns)
    .from(user)
    .leftJoin(referrer, eq(referrer.id, user.referredBy))
    .where(eq(user.id, uid));
  const [row] = opts.forUpdate ? await query.for("update", { of: user }) : await query;
  return row ?? null;
}

export async function setMemberFlags(
  db: Executor,
  uid: string,
  values: Partial<{ userBlock: boolean; userStatus: string; userTrading: boolean; tradingLocked: boolean }>,
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
