import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { recordAudit } from "../audit/audit.ts";
import { RetryLaterError } from "../http/errors.ts";
import { signInBackoff, signInEvents, user } from "./tables.ts";

/**
 * Per-account back-off for password sign-in, on top of the per-address limit: a guesser spread
 * over many addresses still meets it. The first FREE_FAILURES wrong passwords cost nothing; then
 * each next attempt waits 1, 2, 4 … seconds, at most 15 minutes. Never a lock: the owner can
 * always try again once the wait is over, and an address the account signed in from in the last
 * 30 days does not wait at all (a stranger's failures cannot keep the owner out).
 */
export const FREE_FAILURES = 5;
export const MAX_DELAY_S = 15 * 60;
/** Failures older than this are forgotten: the count starts again. */
const FORGET_AFTER_MS = 24 * 60 * 60 * 1000;
const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60 * 1000;

/** Seconds to wait before the next attempt after `failures` consecutive wrong passwords. */
export function backoffDelayS(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(MAX_DELAY_S, 2 ** (failures - FREE_FAILURES));
}

type Attempt = { key: string; userId: string | null };

/** The sign-in attempt's account: by user id when the email/username names one, else by the name. */
export async function accountOfAttempt(db: Db, path: string, body: Buffer | undefined): Promise<Attempt | null> {
  if (!body?.length) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString("utf8"));
  } catch {
    return null; // better-auth answers the malformed body
  }
  const field = path === "sign-in/email" ? "email" : path === "sign-in/username" ? "username" : null;
  const raw = field && parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>)[field] : undefined;
  if (typeof raw !== "string" || !raw.trim() || raw.length > 254) return null;
  const name = raw.trim().toLowerCase();
  const column = field === "email" ? user.email : user.username;
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${column})`, name))
    .limit(1);
  return row ? { key: `user:${row.id}`, userId: row.id } : { key: `name:${name}`, userId: null };
}

/** Throws 429 with Retry-After while the account must wait, unless `ip` is one the account uses. */
export async function assertMayAttempt(db: Db, attempt: Attempt, ip: string, now: Date): Promise<boolean> {
  const [row] = await db.select().from(signInBackoff).where(eq(signInBackoff.accountKey, attempt.key));
  if (!row) return false;
  if (row.nextAttemptAt && row.nextAttemptAt > now && !(await isKnownAddress(db, attempt.userId, ip, now))) {
    const seconds = Math.max(1, Math.ceil((row.nextAttemptAt.getTime() - now.getTime()) / 1000));
    const wait = seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
    throw new RetryLaterError(seconds, `Too many failed sign-ins to this account. Try again in ${wait}.`);
  }
  return true;
}

async function isKnownAddress(db: Db, userId: string | null, ip: string, now: Date): Promise<boolean> {
  if (!userId) return false;
  const [row] = await db
    .select({ id: signInEvents.id })
    .from(signInEvents)
    .where(
      and(
        eq(signInEvents.userId, userId),
        eq(signInEvents.ipAddress, ip),
        isNull(signInEvents.impersonatedBy),
        gt(signInEvents.createdAt, new Date(now.getTime() - KNOWN_ADDRESS_MS)),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Counts one wrong password (atomically) and sets when the next attempt may be checked. */
export async function recordFailure(db: Db, attempt: Attempt, ip: string, now: Date): Promise<void> {
  const forgetBefore = new Date(now.getTime() - FORGET_AFTER_MS);
  const [row] = await db
    .insert(signInBackoff)
    .values({ accountKey: attempt.key, failures: 1, lastFailureAt: now })
    .onConflictDoUpdate({
      target: signInBackoff.accountKey,
      set: {
        failures: sql`case when ${signInBackoff.lastFailureAt} < ${forgetBefore} then 1 else ${signInBackoff.failures} + 1 end`,
        lastFailureAt: now,
      },
    })
    .returning({ failures: signInBackoff.failures });
  const failures = row?.failures ?? 1;
  const delay = backoffDelayS(failures);
  if (!delay) return;
  await db
    .update(signInBackoff)
    .set({ nextAttemptAt: new Date(now.getTime() + delay * 1000) })
    .where(eq(signInBackoff.accountKey, attempt.key));
  // Kept for the member's record (a notification follows once notifications exist): when the
  // back-off starts, and every fifth failure after.
  if (attempt.userId && (failures - FREE_FAILURES) % 5 === 0) {
    await recordAudit(db, {
      actorId: null,
      action: "member.sign_in_backoff",
      targetUserId: attempt.userId,
      after: { failures, delaySeconds: delay },
      ip,
    });
  }
}

/** A right password: the account's count starts again. */
export async function clearFailures(db: Db, attempt: Attempt): Promise<void> {
  await db.delete(signInBackoff).where(eq(signInBackoff.accountKey, attempt.key));
}
