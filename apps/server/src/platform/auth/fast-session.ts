import type { IncomingHttpHeaders } from "node:http";
import { eq } from "drizzle-orm";
import { createBatchedLookup } from "../../db/batched-lookup.ts";
import type { Db } from "../../db/client.ts";
import type { Auth } from "./auth.ts";
import { liveSessionsByKey } from "./live-sessions.ts";
import type { CurrentSession } from "./session.ts";
import { createSessionTokenReader } from "./session-token.ts";
import { session, user } from "./tables.ts";

/** better-auth's session lifetime and refresh age (seconds), set in `createAuth`. */
export const SESSION_EXPIRES_IN_S = 60 * 60 * 24 * 14;
export const SESSION_UPDATE_AGE_S = 60 * 60 * 24;

type FastSessionRead = (headers: IncomingHttpHeaders) => Promise<CurrentSession | null>;
const reads = new WeakMap<object, FastSessionRead>();

/**
 * Reading the session through better-auth costs about 1 ms of CPU per request (its endpoint
 * machinery, a WebCrypto key import, two adapter queries); every guarded route pays it. This
 * path answers the common case itself: a cookie whose signature checks out (the HMAC is
 * remembered per value), and one query for the live session with its user, shared by concurrent
 * requests (`createBatchedLookup`), nothing served from memory. It only ever answers yes, with
 * the same `{ user, session }` better-auth gives (asserted field by field in the tests).
 * Everything else returns null and goes to better-auth: no cookie, a bad signature, no such
 * session, an expired one (better-auth deletes it), and one due for refresh (better-auth
 * extends it).
 */
export function registerFastSessionRead(auth: Auth, db: Db): void {
  const sessionTokenOf = createSessionTokenReader(auth);
  // Built once (drizzle renders it at `prepare`), then only the tokens change from run to run.
  const liveSessions = db
    .select({ session, user })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(liveSessionsByKey(session.token))
    .prepare("fast_session_read");
  const lookup = createBatchedLookup<string, CurrentSession | null>(async (tokens) => {
    const rows = await liveSessions.execute({ keys: JSON.stringify(tokens) });
    const byToken = new Map(rows.map((row) => [row.session.token, row as unknown as CurrentSession]));
    return tokens.map((token) => byToken.get(token) ?? null);
  });
  reads.set(auth, async (headers) => {
    const token = await sessionTokenOf(headers.cookie);
    if (!token) return null;
    const current = await lookup(token);
    if (!current) return null;
    // better-auth's own test: due once a day of the session's lifetime has passed.
    const dueAt = current.session.expiresAt.getTime() - SESSION_EXPIRES_IN_S * 1000 + SESSION_UPDATE_AGE_S * 1000;
    if (dueAt <= Date.now()) return null;
    return current;
  });
}

/** The session when the fast path can answer; null means "ask better-auth". */
export async function fastSessionRead(auth: Auth, headers: IncomingHttpHeaders): Promise<CurrentSession | null> {
  const read = reads.get(auth);
  return read ? read(headers) : null;
}
