import type { IncomingHttpHeaders } from "node:http";
import {
  type AdminClosure,
  type CloseAccountInput,
  type ClosureBlocker,
  MEMBER_ACCOUNTS,
  type MemberAccount,
} from "@helio/shared";
import { isAPIError } from "better-auth/api";
import type { Db, Executor, Tx } from "../../db/client.ts";
import { recordAudit } from "../../platform/audit/audit.ts";
import type { Auth } from "../../platform/auth/auth.ts";
import { toWebHeaders } from "../../platform/auth/session.ts";
import { verifyWithLockout } from "../../platform/auth/two-factor-lockout.ts";
import { AppError, fieldError } from "../../platform/http/errors.ts";
import type { Realtime } from "../../platform/realtime/realtime.ts";
import { verifyPassword } from "../bank/index.ts";
import { openDepositCount } from "../deposits/index.ts";
import { getMemberBalances, lockAccounts } from "../ledger/index.ts";
import { openContractCount } from "../trading/index.ts";
import { openWithdrawalCount } from "../withdrawals/index.ts";
import { findClosure, lockMemberStanding, markClosed } from "./closure-queries.ts";
import { deleteSessionsOf } from "./queries.ts";

/** The accounts whose money keeps an account open: every one but Practice (`demo`). */
export const REAL_ACCOUNTS = MEMBER_ACCOUNTS.filter((a): a is Exclude<MemberAccount, "demo"> => a !== "demo");

type Deps = { db: Db; auth: Auth; realtime: Realtime; now: () => Date };

/** What stands in the way of closing, read from `balances` (Real accounts only) and the counts. */
function blockersOf(
  balances: Partial<Record<MemberAccount, bigint>>,
  { deposits, withdrawals, contracts }: { deposits: number; withdrawals: number; contracts: number },
): ClosureBlocker[] {
  const blockers: ClosureBlocker[] = REAL_ACCOUNTS.flatMap((account) => {
    const amountMicrocents = balances[account] ?? 0n;
    return amountMicrocents !== 0n ? [{ reason: "balance" as const, account, amountMicrocents }] : [];
  });
  if (deposits > 0) blockers.push({ reason: "deposit", count: deposits });
  if (withdrawals > 0) blockers.push({ reason: "withdrawal", count: withdrawals });
  if (contracts > 0) blockers.push({ reason: "contract", count: contracts });
  return blockers;
}

/** The blockers as the API's English message names them. */
function blockerWords(blockers: ClosureBlocker[]): string {
  return blockers
    .map((b) =>
      b.reason === "balance"
        ? `money in your ${b.account} account`
        : b.reason === "deposit"
          ? `${b.count} deposit${b.count === 1 ? "" : "s"} still open`
          : b.reason === "withdrawal"
            ? `${b.count} withdrawal${b.count === 1 ? "" : "s"} on the way`
            : `${b.count} open contract${b.count === 1 ? "" : "s"}`,
    )
    .join(", ");
}

/** `GET`: what would refuse a closure right now (nothing: the account may be closed). */
export async function closureCheck(db: Executor, userId: string): Promise<{ blockers: ClosureBlocker[] }> {
  const [balances, deposits, withdrawals, contracts] = await Promise.all([
    getMemberBalances(db, userId),
    openDepositCount(db, userId),
    openWithdrawalCount(db, userId),
    openContractCount(db, userId),
  ]);
  return { blockers: blockersOf(balances, { deposits, withdrawals, contracts }) };
}

/** The member's authenticator code, counted on the sign-in's budget of wrong codes. */
async function checkCode(deps: Deps, userId: string, headers: IncomingHttpHeaders, code: string | undefined) {
  if (!code) throw fieldError("totpCode", "Enter the code from your authenticator app");
  const verify = () =>
    deps.auth.api
      .verifyTOTP({ body: { code }, headers: toWebHeaders(headers) })
      .then(() => true)
      .catch((error: unknown) => {
        if (isAPIError(error)) return false;
        throw error;
      });
  if (!(await verifyWithLockout(deps.db, userId, verify, deps.now())))
    throw fieldError("totpCode", "The code is wrong or expired");
}

/**
 * Closes the member's own account: the password (and the code with two-factor on) first; then, in
 * one transaction holding the member's row (a stake share-locks it, so none can slip in) and
 * their Real balance rows, refused while any money, withdrawal or open contract remains, each
 * named. Nothing is deleted but the sessions: the ledger, KYC, audit and personal data stay, as
 * the law requires. Every session ends and, after the commit, every socket.
 */
export async function closeAccount(
  deps: Deps,
  member: { id: string; twoFactorEnabled?: boolean | null },
  input: CloseAccountInput,
  request: { headers: IncomingHttpHeaders; ip: string },
): Promise<{ closed: true; closedAt: string }> {
  if (!(await verifyPassword(deps, member.id, input.password))) throw fieldError("password", "Wrong password");
  if (member.twoFactorEnabled) await checkCode(deps, member.id, request.headers, input.totpCode);
  const closedAt = deps.now();
  const ended = await deps.db.transaction(async (tx: Tx) => {
    const standing = await lockMemberStanding(tx, member.id);
    if (!standing) throw new AppError(404, "NOT_FOUND", "Member not found");
    if (standing.userStatus === "closed") throw new AppError(409, "ACCOUNT_CLOSED", "This account is already closed.");
    const held = await lockAccounts(
      tx,
      REAL_ACCOUNTS.map((account) => ({ userId: member.id, account })),
      `account-close:${member.id}`,
    );
    const balances = Object.fromEntries(REAL_ACCOUNTS.map((account, i) => [account, held[i] ?? 0n]));
    const blockers = blockersOf(balances, {
      deposits: await openDepositCount(tx, member.id),
      withdrawals: await openWithdrawalCount(tx, member.id),
      contracts: await openContractCount(tx, member.id),
    });
    if (blockers.length)
      throw new AppError(
        409,
        "CLOSURE_BLOCKED",
        `Your account cannot be closed yet: ${blockerWords(blockers)}.`,
        blockers.map((b) => ({
          field: b.reason === "balance" ? `balance.${b.account}` : b.reason,
          message: blockerWords([b]),
        })),
      );
    await markClosed(tx, member.id, closedAt);
    const sessions = await deleteSessionsOf(tx, member.id);
    await recordAudit(tx, {
      actorId: member.id,
      action: "member.close",
      targetUserId: member.id,
      before: { userStatus: standing.userStatus },
      after: { userStatus: "closed", sessionsEnded: sessions.length },
      ip: request.ip,
    });
    return sessions;
  });
  await deps.realtime.endSessions(ended);
  return { closed: true, closedAt: closedAt.toISOString() };
}

export async function closureOf(db: Executor, userId: string): Promise<AdminClosure> {
  const row = await findClosure(db, userId);
  return { closed: row?.userStatus === "closed", closedAt: row?.closedAt?.toISOString() ?? null };
}
