import { createHash, randomBytes } from "node:crypto";
import { type AdminMemberSummary, userStatusOf } from "@helio/shared";
import type { Db } from "../../db/client.ts";
import { recordAdminAudit } from "../../platform/audit/audit.ts";
import { accountStatusError } from "../../platform/auth/auth.ts";
import type { AdminActor } from "../../platform/auth/session.ts";
import { AppError, notFound } from "../../platform/http/errors.ts";
import { toMemberRef } from "../../platform/kit.ts";
import type { Realtime } from "../../platform/realtime/realtime.ts";
import {
  consumeImpersonationToken,
  findMember,
  insertImpersonationToken,
  memberCounts,
  revokeSessions,
  setMemberFlags,
} from "./queries.ts";

export const IMPERSONATION_TOKEN_TTL_MS = 60_000;
type Row = NonNullable<Awaited<ReturnType<typeof findMember>>>;
type Deps = { db: Db; realtime: Realtime };

/** Members, blocked and banned, counted as the Members page counts them (admins are not members). */
export const memberTotals = (deps: { db: Db }) => memberCounts(deps.db);

export function toSummary(row: Omit<Row, "referrer" | "tradingLocked">): AdminMemberSummary {
  return {
    ...toMemberRef(row),
    emailVerified: row.emailVerified,
    role: row.role === "admin" ? "admin" : "member",
    userTrading: row.userTrading,
    userBlock: row.userBlock,
    userStatus: userStatusOf(row.userStatus),
    currency: row.currency as AdminMemberSummary["currency"],
    createdAt: row.createdAt.toISOString(),
  };
}

export function toDetail(row: Row) {
  return {
    ...toSummary(row),
    firstName: row.firstName,
    lastName: row.lastName,
    photoURL: row.photoURL,
    referralCode: row.userName ?? "",
    referredBy: row.referrer ? toMemberRef(row.referrer) : null,
    twoFactorEnabled: Boolean(row.twoFactorEnabled),
    tradingLocked: row.tradingLocked,
  };
}

const STATUS_CHANGES = {
  block: { userBlock: true },
  unblock: { userBlock: false },
  ban: { userStatus: "banned" },
  unban: { userStatus: "active" },
} as const;

/** Block, unblock, ban or unban; audited in the same transaction and pushed to the member's open tabs. */
export async function changeMemberStatus(
  deps: Deps,
  actor: AdminActor,
  uid: string,
  action: keyof typeof STATUS_CHANGES,
  reason?: string,
) {
  let endedSessions: string[] = [];
  const after = await deps.db.transaction(async (tx) => {
    const before = await findMember(tx, uid, { forUpdate: true });
    if (!before) throw notFound("Member not found");
    if (before.role === "admin") throw new AppError(403, "FORBIDDEN", "Admins cannot be blocked or banned.");
    // A closure is the member's own and final: banning or unbanning would overwrite it.
    if (before.userStatus === "closed" && (action === "ban" || action === "unban"))
      throw new AppError(409, "ACCOUNT_CLOSED", "The member closed their account; it cannot be banned or unbanned.");
    await setMemberFlags(tx, uid, STATUS_CHANGES[action]);
    const after = { ...before, ...STATUS_CHANGES[action] };
    // Sessions stay while disabled (every call answers 403 with the reason); becoming active again
    // ends them, so a session from before the block never comes back to life.
    const disabled = (m: typeof before) => m.userBlock || m.userStatus === "banned";
    if (disabled(before) && !disabled(after)) endedSessions = await revokeSessions(tx, uid);
    await recordAdminAudit(tx, actor, {
      action: `member.${action}`,
      targetUserId: uid,
      before: { userBlock: before.userBlock, userStatus: before.userStatus },
      after: { userBlock: after.userBlock, userStatus: after.userStatus, reason: reason ?? null },
    });
    return after;
  });
  // Their sockets closed with the block; any opened since (a race with it) close now.
  await deps.realtime.endSessions(endedSessions);
  await deps.realtime.toUser(uid, {
    type: "account.status",
    userBlock: after.userBlock,
    userStatus: after.userStatus === "banned" ? "banned" : "active",
  });
  return toDetail(after);
}

export async function setTradingMode(deps: Deps, actor: AdminActor, uid: string, userTrading: boolean) {
  const after = await deps.db.transaction(async (tx) => {
    const before = await findMember(tx, uid, { forUpdate: true });
    if (!before) throw notFound("Member not found");
    await setMemberFlags(tx, uid, { userTrading });
    await recordAdminAudit(tx, actor, {
      action: "member.trading_mode",
      targetUserId: uid,
      before: { userTrading: before.userTrading },
      after: { userTrading },
    });
    return { ...before, userTrading };
  });
  await deps.realtime.toUser(uid, { type: "member.updated" });
  return toDetail(after);
}

/**
 * Locks a member to Practice (their next trades use practice money and they cannot switch to Real
 * themselves) or lifts the lock; audited in the same transaction.
 */
export async function setTradingLock(deps: Deps, actor: AdminActor, uid: string, locked: boolean) {
  const after = await deps.db.transaction(async (tx) => {
    const before = await findMember(tx, uid, { forUpdate: true });
    if (!before) throw notFound("Member not found");
    const userTrading = locked ? false : before.userTrading;
    await setMemberFlags(tx, uid, { tradingLocked: locked, userTrading });
    await recordAdminAudit(tx, actor, {
      action: "member.trading_lock",
      targetUserId: uid,
      before: { tradingLocked: before.tradingLocked, userTrading: before.userTrading },
      after: { tradingLocked: locked, userTrading },
    });
    return { ...before, tradingLocked: locked, userTrading };
  });
  await deps.realtime.toUser(uid, { type: "member.updated" });
  return toDetail(after);
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** A single-use link that lives 60 seconds and only works for the admin who asked for it. */
export async function issueImpersonationToken(deps: Deps, actor: AdminActor, uid: string, now = new Date()) {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + IMPERSONATION_TOKEN_TTL_MS);
  const target = await deps.db.transaction(async (tx) => {
    const target = await findMember(tx, uid);
    if (!target) throw notFound("Member not found");
    if (target.role === "admin") throw new AppError(403, "FORBIDDEN", "Admins cannot be impersonated.");
    await insertImpersonationToken(tx, {
      tokenHash: hashToken(token),
      adminId: actor.adminId,
      targetUserId: uid,
      expiresAt,
    });
    await recordAdminAudit(tx, actor, { action: "member.impersonation_link", targetUserId: uid });
    return target;
  });
  return {
    url: `/login-admin/${encodeURIComponent(target.userName ?? "")}/${token}`,
    expiresAt: expiresAt.toISOString(),
  };
}

export async function redeemImpersonationToken(deps: Deps, actor: AdminActor, username: string, token: string) {
  const invalid = () => new AppError(400, "INVALID_TOKEN", "This sign-in link is invalid, used or expired.");
  return deps.db.transaction(async (tx) => {
    const targetId = await consumeImpersonationToken(tx, hashToken(token), actor.adminId, new Date());
    if (!targetId) throw invalid();
    const target = await findMember(tx, targetId);
    if (!target || (target.userName ?? "").toLowerCase() !== username.toLowerCase()) throw invalid();
    // Refused before anything is written: no session could be opened, so no "start" is audited.
    if (accountStatusError(target)) throw new AppError(403, "FORBIDDEN", "This member cannot be opened.");
    await recordAdminAudit(tx, actor, { action: "member.impersonation_start", targetUserId: targetId });
    return targetId;
  });
}
