import { randomUUID } from "node:crypto";
import type { AdminAdjustResponse, AdminDashboard, AdminMemberMoney, MemberAccount } from "@helio/shared";
import type { Db } from "../../db/client.ts";
import { recordAudit } from "../../platform/audit/audit.ts";
import { notFound } from "../../platform/http/errors.ts";
import { type IdempotentAnswer, idempotentMoneyRequest, KeyAlreadyUsed } from "../../platform/money/idempotency.ts";
import type { Realtime } from "../../platform/realtime/realtime.ts";
import { memberTotals } from "../admin/index.ts";
import { adminBankAccountOf } from "../bank/index.ts";
import { depositNumbers } from "../deposits/index.ts";
import { investmentSummary } from "../investments/index.ts";
import { getAdminKyc, pendingKycCount } from "../kyc/index.ts";
import {
  announceBalances,
  findMovement,
  getMemberBalances,
  ledgerTotals,
  lockAccounts,
  memberEntries,
  moneyTransaction,
  type Posted,
  postTransaction,
  verifyLedger,
} from "../ledger/index.ts";
import { withdrawalNumbers } from "../withdrawals/index.ts";
import { memberExists } from "./queries.ts";

type Deps = { db: Db; realtime: Realtime };
type Actor = { adminId: string; ip: string };

/** Midnight UTC of the day `now` is in. */
export const startOfUtcDay = (now = new Date()) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

export async function dashboard(deps: { db: Db }, now = new Date()): Promise<AdminDashboard> {
  const since = startOfUtcDay(now);
  const [members, deposits, withdrawals, kyc, totals, investments] = await Promise.all([
    memberTotals(deps),
    depositNumbers(deps, since),
    withdrawalNumbers(deps, since),
    pendingKycCount(deps),
    ledgerTotals(deps.db),
    investmentSummary(deps, now),
  ]);
  return {
    members,
    pending: {
      deposits: deposits.pendingReview,
      depositsAwaitingPayment: deposits.awaitingPayment,
      withdrawals: withdrawals.pending,
      kyc,
    },
    memberMoney: totals.memberMoney,
    adminMoney: totals.adminMoney,
    systemAccounts: totals.systemAccounts,
    today: {
      depositsRequested: deposits.today.requested,
      depositsApproved: deposits.today.approved,
      withdrawalsRequested: withdrawals.today.requested,
      withdrawalsApproved: withdrawals.today.approved,
    },
    investments,
  };
}

export async function requireMemberRow(deps: { db: Db }, uid: string) {
  const row = await memberExists(deps.db, uid);
  if (!row) throw notFound("Member not found");
  return row;
}

export async function memberMoney(
  deps: { db: Db } & Parameters<typeof adminBankAccountOf>[0],
  uid: string,
): Promise<AdminMemberMoney> {
  await requireMemberRow(deps, uid);
  const [balances, kyc, bank] = await Promise.all([
    getMemberBalances(deps.db, uid),
    getAdminKyc(deps, uid),
    adminBankAccountOf(deps, uid),
  ]);
  const { member: _member, ...kycView } = kyc;
  return { balances, kyc: kycView, bank };
}

type Adjustment = {
  account: Extract<MemberAccount, "wallet" | "profit" | "bonus">;
  amountCents: number;
  reason: string;
};

/**
 * Credits or debits a member account against the adjustments account, with the reason as the
 * movement's memo and in the audit log (same transaction). A debit below zero → 409
 * INSUFFICIENT_FUNDS. The same key answers with the first result and moves nothing; another
 * account, amount or reason under it is a 409 (platform/money/idempotency.ts owns the rule).
 */
export async function adjustBalance(
  deps: Deps,
  actor: Actor,
  uid: string,
  input: Adjustment,
  key: string | null,
): Promise<IdempotentAnswer<AdminAdjustResponse>> {
  await requireMemberRow(deps, uid);
  const movementKey = (k: string) => `adjustment:${uid}:${k}`;
  return idempotentMoneyRequest({
    member: uid,
    key,
    request: { account: input.account, amountCents: input.amountCents, reason: input.reason },
    what: "balance adjustment",
    status: 200,
    find: async (member, k) => {
      const previous = await findMovement(deps.db, movementKey(k));
      const [entry] = previous ? await memberEntries(deps.db, previous.transactionId, member) : [];
      if (!previous || !entry) return null;
      const request = { account: entry.account, amountCents: entry.amount, reason: previous.memo ?? "" };
      const body = {
        transactionId: previous.transactionId,
        balanceAfterCents: entry.balanceAfter,
        replayed: true,
        account: input.account,
        amountCents: entry.amount,
      };
      return { request, body };
    },
    run: () => postAdjustment(deps, actor, uid, input, movementKey(key ?? randomUUID())),
  });
}

async function postAdjustment(deps: Deps, actor: Actor, uid: string, input: Adjustment, idempotencyKey: string) {
  const posted: Posted[] = [];
  const result = await moneyTransaction(deps.db, async (tx) => {
    posted.length = 0;
    const member = { userId: uid, account: input.account };
    await lockAccounts(tx, [member, { system: "adjustments" }], idempotencyKey);
    // Taken while this request waited for the lock: the helper answers the stored movement.
    if (await findMovement(tx, idempotencyKey)) throw new KeyAlreadyUsed();
    const movement = await postTransaction(tx, {
      kind: "adjustment",
      idempotencyKey,
      legs: [
        { account: { system: "adjustments" }, amount: -input.amountCents },
        { account: member, amount: input.amountCents },
      ],
      reference: { type: "user", id: uid },
      actorId: actor.adminId,
      memo: input.reason,
    });
    posted.push(movement);
    const balanceAfterCents = movement.changes.find((c) => c.account === input.account)?.balance ?? 0;
    await recordAudit(tx, {
      actorId: actor.adminId,
      action: "member.balance_adjust",
      targetUserId: uid,
      before: { account: input.account, balanceCents: balanceAfterCents - input.amountCents },
      after: {
        account: input.account,
        balanceCents: balanceAfterCents,
        amountCents: input.amountCents,
        reason: input.reason,
        transactionId: movement.transactionId,
      },
      ip: actor.ip,
    });
    return { transactionId: movement.transactionId, balanceAfterCents, replayed: false };
  });
  await announceBalances(deps.realtime, posted);
  return { ...result, account: input.account, amountCents: input.amountCents };
}

/** The verification routine, with int8 values made JSON-safe. */
export async function ledgerVerification(deps: { db: Db }) {
  const report = await verifyLedger(deps.db);
  return JSON.parse(JSON.stringify(report, (_k, v) => (typeof v === "bigint" ? v.toString() : v))) as typeof report;
}
