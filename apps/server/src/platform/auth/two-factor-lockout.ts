import { and, eq, gte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { RetryLaterError } from "../http/errors.ts";
import { twoFactor } from "./tables.ts";

/**
 * better-auth's sign-in 2FA budget (its defaults): 10 consecutive wrong codes lock the factor for
 * 15 minutes. Codes checked elsewhere (a withdrawal) count on the same columns of the member's
 * `two_factor` row, so a guesser gets one budget per account whichever form it uses.
 */
export const TWO_FACTOR_MAX_FAILURES = 10;
export const TWO_FACTOR_LOCK_MS = 15 * 60 * 1000;

const lockedError = (until: Date, now: Date) => {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return new RetryLaterError(
    seconds,
    `totpCode: too many wrong codes. Try again in ${Math.ceil(seconds / 60)} minute${seconds > 60 ? "s" : ""}.`,
  );
};

/**
 * Runs `verify` (true when the code is right) unless the member's factor is locked; a wrong code
 * counts one failure (atomically) and the last allowed one locks; a right code clears the count.
 */
export async function verifyWithLockout(
  db: Db,
  userId: string,
  verify: () => Promise<boolean>,
  now: Date = new Date(),
): Promise<boolean> {
  const [row] = await db
    .select({ id: twoFactor.id, failures: twoFactor.failedVerificationCount, lockedUntil: twoFactor.lockedUntil })
    .from(twoFactor)
    .where(eq(twoFactor.userId, userId));
  if (!row) return verify();
  if (row.lockedUntil && row.lockedUntil > now) throw lockedError(row.lockedUntil, now);

  const ok = await verify();
  if (ok) {
    if (row.failures || row.lockedUntil)
      await db.update(twoFactor).set({ failedVerificationCount: 0, lockedUntil: null }).where(eq(twoFactor.id, row.id));
    return true;
  }
  // An expired lock starts a fresh budget, as better-auth does when it clears one.
  const restart = row.lockedUntil !== null && row.lockedUntil <= now;
  const [counted] = await db
    .update(twoFactor)
    .set({
      failedVerificationCount: restart ? 1 : sql`coalesce(${twoFactor.failedVerificationCount}, 0) + 1`,
      lockedUntil: restart ? null : twoFactor.lockedUntil,
    })
    .where(eq(twoFactor.id, row.id))
    .returning({ failures: twoFactor.failedVerificationCount });
  if ((counted?.failures ?? 0) >= TWO_FACTOR_MAX_FAILURES) {
    await db
      .update(twoFactor)
      .set({ lockedUntil: new Date(now.getTime() + TWO_FACTOR_LOCK_MS) })
      .where(and(eq(twoFactor.id, row.id), gte(twoFactor.failedVerificationCount, TWO_FACTOR_MAX_FAILURES)));
  }
  return false;
}
