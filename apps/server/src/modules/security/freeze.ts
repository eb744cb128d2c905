import type { AdminFreeze } from "@helio/shared";
import type { Db, Executor } from "../../db/client.ts";
import { recordAdminAudit, recordAudit } from "../../platform/audit/audit.ts";
import { hashLinkToken, newLinkToken } from "../../platform/auth/link-tokens.ts";
import type { AdminActor } from "../../platform/auth/session.ts";
import { AppError } from "../../platform/http/errors.ts";
import type { Realtime } from "../../platform/realtime/realtime.ts";
import {
  deleteFreeze,
  deleteSessionsOf,
  findFreeze,
  findLiveFreezeLink,
  insertFreeze,
  insertFreezeLink,
} from "./queries.ts";

/** How long the "it was not me" link of a security mail works. */
export const FREEZE_LINK_TTL_MS = 7 * 24 * 3_600_000;

/**
 * A new "it was not me" link for a security mail about `cause` (e.g. "bank.changed"), written in
 * the transaction of the change it is about. Returns the token for the link.
 */
export async function issueFreezeLink(tx: Executor, userId: string, cause: string, now: Date): Promise<string> {
  const { token, hash } = newLinkToken();
  await insertFreezeLink(tx, {
    tokenHash: hash,
    userId,
    cause,
    expiresAt: new Date(now.getTime() + FREEZE_LINK_TTL_MS),
  });
  return token;
}

const invalidLink = () =>
  new AppError(400, "INVALID_TOKEN", "This link has expired or is not valid. Write to support if you need help.");

/**
 * The member's answer to a security mail: freezes money out and ends every session (the password
 * may be known to someone else), audited. A link used again answers the same and changes nothing.
 */
export async function freezeByLink(deps: { db: Db; realtime: Realtime }, token: string, ip: string, now: Date) {
  const link = await findLiveFreezeLink(deps.db, hashLinkToken(token), now);
  if (!link) throw invalidLink();
  const ended = await deps.db.transaction(async (tx) => {
    const frozen = await insertFreeze(tx, link.userId, link.cause);
    const sessions = await deleteSessionsOf(tx, link.userId);
    if (frozen) {
      await recordAudit(tx, {
        actorId: link.userId,
        action: "member.freeze",
        targetUserId: link.userId,
        after: { cause: link.cause, sessionsEnded: sessions.length },
        ip,
      });
    }
    return sessions;
  });
  await deps.realtime.endSessions(ended);
  return { frozen: true as const };
}

export async function isFrozen(db: Executor, userId: string): Promise<boolean> {
  return (await findFreeze(db, userId)) !== null;
}

export async function freezeOf(db: Executor, userId: string): Promise<AdminFreeze> {
  const row = await findFreeze(db, userId);
  return { frozen: row !== null, since: row?.createdAt.toISOString() ?? null, cause: row?.cause ?? null };
}

/** Support lifts a freeze after speaking with the member; audited. Lifting nothing is a 409. */
export async function liftFreeze(deps: { db: Db }, actor: AdminActor, userId: string): Promise<AdminFreeze> {
  await deps.db.transaction(async (tx) => {
    const lifted = await deleteFreeze(tx, userId);
    if (!lifted) throw new AppError(409, "CONFLICT", "This member's account is not frozen.");
    await recordAdminAudit(tx, actor, {
      action: "member.unfreeze",
      targetUserId: userId,
      before: { cause: lifted.cause, since: lifted.createdAt.toISOString() },
    });
  });
  return freezeOf(deps.db, userId);
}
