import { eq } from "drizzle-orm";
import { createBatchedLookup } from "../../db/batched-lookup.ts";
import type { Db } from "../../db/client.ts";
import type { EventBus } from "../realtime/bus.ts";
import { accountStatusError } from "./auth.ts";
import { liveSessionsByKey } from "./live-sessions.ts";
import { session, user } from "./tables.ts";

/**
 * Bus channel on which every process hears that sessions ended (signed out, revoked, replaced
 * after a password or 2FA change, expired and deleted, ended by an admin). It names session ids,
 * never tokens: the token is the bearer secret, and the bus (Redis) is no place for secrets.
 */
export const SESSION_ENDED_CHANNEL = "session.ended";
export type SessionEndedEvent = { sessionIds: string[] };

export async function publishSessionsEnded(bus: EventBus, sessionIds: readonly string[]): Promise<void> {
  if (sessionIds.length > 0) await bus.publish(SESSION_ENDED_CHANNEL, { sessionIds: [...sessionIds] });
}

/** A live session as a socket re-checks it: when it expires, and whether its member is disabled. */
export type SessionLiveness = { expiresAt: Date; disabled: boolean } | null;

/**
 * Whether a session is still live (row present, not expired), asked of the database each time:
 * nothing is cached, so a send checked after the session's deletion committed is refused even if
 * the bus event that closes the socket is still on its way. Checks asked while one is in flight
 * share the next query (`createBatchedLookup`): one indexed primary-key read per batch.
 */
export function createSessionLiveness(db: Db): (sessionId: string) => Promise<SessionLiveness> {
  const liveSessions = db
    .select({ id: session.id, expiresAt: session.expiresAt, userBlock: user.userBlock, userStatus: user.userStatus })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(liveSessionsByKey(session.id))
    .prepare("session_liveness");
  return createBatchedLookup<string, SessionLiveness>(async (ids) => {
    const rows = await liveSessions.execute({ keys: JSON.stringify(ids) });
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => {
      const row = byId.get(id);
      return row ? { expiresAt: row.expiresAt, disabled: accountStatusError(row) !== null } : null;
    });
  });
}
