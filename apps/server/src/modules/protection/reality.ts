import { REALITY_CHECK_MINUTES, type RealityCheck, type SetRealityInterval } from "@helio/shared";
import type { Db, Executor } from "../../db/client.ts";
import { fieldError } from "../../platform/http/errors.ts";
import { realityAckOf, realityIntervalOf, saveRealityAck, saveRealityInterval } from "./queries.ts";

/** The Real contracts of a session, read from the trading module. */
export type RealContractsSince = (
  db: Executor,
  userId: string,
  since: Date,
) => Promise<{ contracts: number; open: number; stakedMicrocents: bigint; payoutMicrocents: bigint }>;

/** Whom a reality check belongs to: one member's one session. */
export type RealitySession = { userId: string; sessionId: string; startedAt: Date };

/**
 * The session's reality check at `now`: the figures of its Real contracts and when the next check
 * is due (the last acknowledgement, or the sign-in, plus the member's interval). It is due only
 * while the member trades Real money, i.e. once the session has a Real contract.
 */
export async function realityCheckOf(
  db: Db,
  readContracts: RealContractsSince,
  s: RealitySession,
  now: Date,
): Promise<RealityCheck> {
  const seconds = (await realityIntervalOf(db, s.userId)) ?? REALITY_CHECK_MINUTES.default * 60;
  const from = (await realityAckOf(db, s.sessionId, s.userId)) ?? s.startedAt;
  const dueAt = new Date(from.getTime() + seconds * 1000);
  const c = await readContracts(db, s.userId, s.startedAt);
  const dueInMs = Math.max(0, dueAt.getTime() - now.getTime());
  return {
    intervalMinutes: seconds / 60,
    sessionStartedAt: s.startedAt.toISOString(),
    dueAt: dueAt.toISOString(),
    dueInMs,
    due: dueInMs === 0 && c.contracts > 0,
    figures: { ...c, netMicrocents: c.payoutMicrocents - c.stakedMicrocents },
  };
}

/** The member saw the check (in any tab): the next is due one interval from `now`. */
export async function acknowledgeRealityCheck(db: Db, s: RealitySession, now: Date) {
  await saveRealityAck(db, s.sessionId, s.userId, now);
}

/**
 * Sets the member's interval. The shortest allowed is the server's (10 minutes unless a test
 * server lowers it); a whole number of minutes unless the shortest is under one.
 */
export async function setRealityInterval(
  db: Db,
  userId: string,
  input: SetRealityInterval,
  p: { now: Date; minSeconds: number },
) {
  const seconds = Math.round(input.minutes * 60);
  if (seconds < p.minSeconds) throw fieldError("minutes", `At least ${p.minSeconds / 60} minutes`);
  if (p.minSeconds >= 60 && !Number.isInteger(input.minutes)) throw fieldError("minutes", "A whole number of minutes");
  await saveRealityInterval(db, userId, seconds, p.now);
}
