import { randomUUID } from "node:crypto";
import type { BreakStatus, MemberBreak, TakeBreak } from "@helio/shared";
import type { Db, Executor } from "../../db/client.ts";
import { recordAdminAudit, recordAudit } from "../../platform/audit/audit.ts";
import type { Auth } from "../../platform/auth/auth.ts";
import { AppError, fieldError } from "../../platform/http/errors.ts";
import { verifyPassword } from "../bank/index.ts";
import { type BreakRow, breakInForce, breaksOf, insertBreak, liftBreaks } from "./queries.ts";

export const toBreak = (row: BreakRow): MemberBreak => ({
  id: row.id,
  kind: row.kind as MemberBreak["kind"],
  startedAt: row.startedAt.toISOString(),
  endsAt: row.endsAt.toISOString(),
  liftedAt: row.liftedAt?.toISOString() ?? null,
  liftReason: row.liftReason,
});

/** "5 Dec 2026, 08:33 UTC": the end date as the API's English messages write it. */
const endWords = (endsAt: Date) =>
  `${endsAt.toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" })} UTC`;

/**
 * Refuses what a break rules out (a Real stake, a deposit, a package purchase) while one is in
 * force, naming its end. Withdrawals, the statement and support chat never call it.
 */
export async function assertNotOnBreak(db: Executor, userId: string, now: Date) {
  const current = await breakInForce(db, userId, now);
  if (!current) return;
  const what = current.kind === "exclusion" ? "excluded yourself" : "taken a timeout";
  throw new AppError(
    403,
    "ON_BREAK",
    `You have ${what} until ${endWords(current.endsAt)}: no Real trades, deposits or packages until then.`,
  );
}

/** When a break taken at `now` ends: whole days for a timeout, calendar months for a self-exclusion. */
export function breakEnd(input: Pick<TakeBreak, "kind"> & { days?: number; months?: number }, now: Date): Date {
  const end = new Date(now.getTime());
  if (input.kind === "timeout") end.setUTCDate(end.getUTCDate() + (input.days ?? 0));
  else end.setUTCMonth(end.getUTCMonth() + (input.months ?? 0));
  return end;
}

export async function breakStatus(db: Db, userId: string, now: Date): Promise<BreakStatus> {
  const current = await breakInForce(db, userId, now);
  return { current: current ? toBreak(current) : null };
}

/**
 * Starts a timeout or self-exclusion after checking the password. One in force can be made longer
 * (a new break ending later), never shorter: the member cannot end one early.
 */
export async function takeBreak(
  deps: { db: Db; auth: Auth },
  userId: string,
  input: TakeBreak,
  p: { now: Date; ip: string },
): Promise<BreakStatus> {
  if (!(await verifyPassword(deps, userId, input.password))) throw fieldError("password", "Wrong password");
  const endsAt = breakEnd(input, p.now);
  const row = await deps.db.transaction(async (tx) => {
    const current = await breakInForce(tx, userId, p.now);
    if (current && current.endsAt >= endsAt)
      throw new AppError(
        409,
        "CONFLICT",
        `You are already on a break until ${endWords(current.endsAt)}; a new one must end later.`,
      );
    const row = await insertBreak(tx, { id: randomUUID(), userId, kind: input.kind, startedAt: p.now, endsAt });
    await recordAudit(tx, {
      actorId: userId,
      action: `member.break_${input.kind}`,
      targetUserId: userId,
      after: { kind: input.kind, endsAt: endsAt.toISOString() },
      ip: p.ip,
    });
    return row;
  });
  return { current: toBreak(row) };
}

/** An admin ends the member's break early, with a written reason; audited. */
export async function liftBreak(
  db: Db,
  actor: { adminId: string; ip: string },
  userId: string,
  reason: string,
  now: Date,
) {
  await db.transaction(async (tx) => {
    const lifted = await liftBreaks(tx, userId, now, actor.adminId, reason);
    if (!lifted.length) throw new AppError(409, "CONFLICT", "The member has no break in force.");
    for (const row of lifted)
      await recordAdminAudit(tx, actor, {
        action: "member.break_lift",
        targetUserId: userId,
        before: { kind: row.kind, endsAt: row.endsAt.toISOString() },
        after: { reason },
      });
  });
}

export async function memberBreaks(db: Db, userId: string, now: Date) {
  const rows = await breaksOf(db, userId);
  // The one in force ending last: a break made longer leaves the shorter one beside it.
  const inForce = rows.filter((r) => r.liftedAt === null && r.endsAt > now);
  const current = inForce.reduce<BreakRow | null>((last, r) => (last && last.endsAt >= r.endsAt ? last : r), null);
  return { current: current ? toBreak(current) : null, breaks: rows.map(toBreak) };
}
