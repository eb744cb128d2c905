import { randomUUID } from "node:crypto";
import {
  type AdjustmentRequest,
  type AdminAdjustPending,
  type AdminAdjustResponse,
  type AdminDashboard,
  type AdminMemberMoney,
  jsonText,
  type MemberAccount,
} from "@helio/shared";
import type { Db, Tx } from "../../db/client.ts";
import { recordAudit } from "../../platform/audit/audit.ts";
import { AppError, notFound } from "../../platform/http/errors.ts";
import { toMemberRef } from "../../platform/kit.ts";
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
  tradingHouseResult,
  verifyLedger,
} from "../ledger/index.ts";
import type { SettingsService } from "../settings/index.ts";
import { withdrawalNumbers } from "../withdrawals/index.ts";
import {
  type AdjustmentRequestRow,
  type AdjustmentRequestWithMember,
  findAdjustmentRequestByKey,
  findAdjustmentRequestWithMember,
  insertAdjustmentRequest,
  listAdjustmentRequests,
  lockAdjustmentRequest,
  memberExists,
  updateAdjustmentRequest,
} from "./queries.ts";

type Deps = { db: Db; realtime: Realtime; settings: SettingsService };
type Actor = { adminId: string; ip: string };

/** Midnight UTC of the day `now` is in. */
export const startOfUtcDay = (now = new Date()) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

export async function dashboard(deps: { db: Db }, now = new Date()): Promise<AdminDashboard> {
  const since = startOfUtcDay(now);
  const [members, deposits, withdrawals, kyc, totals, investments, house] = await Promise.all([
    memberTotals(deps),
    depositNumbers(deps, since),
    withdrawalNumbers(deps, since),
    pendingKycCount(deps),
    ledgerTotals(deps.db),
    investmentSummary(deps, now),
    tradingHouseResult(deps.db),
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
    tradingHouse: { realMicrocents: house.wallet.resultMicrocents, practiceMicrocents: house.demo.resultMicrocents },
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
  /** Signed: a credit above zero, a debit below. */
  amountMicrocents: bigint;
  reason: string;
};

/** The size of an adjustment, credit or debit alike (what the four-eyes threshold is compared with). */
const sizeOf = (amountMicrocents: bigint) => (amountMicrocents < 0n ? -amountMicrocents : amountMicrocents);

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
): Promise<IdempotentAnswer<AdminAdjustResponse | AdminAdjustPending>> {
  await requireMemberRow(deps, uid);
  const { adjustmentSecondApprovalMicrocents } = await deps.settings.get();
  if (sizeOf(input.amountMicrocents) > adjustmentSecondApprovalMicrocents)
    return requestAdjustment(deps, actor, uid, input, key);
  const movementKey = (k: string) => `adjustment:${uid}:${k}`;
  return idempotentMoneyRequest({
    member: uid,
    key,
    request: { account: input.account, amountMicrocents: input.amountMicrocents, reason: input.reason },
    what: "balance adjustment",
    status: 200,
    find: async (member, k) => {
      const previous = await findMovement(deps.db, movementKey(k));
      const [entry] = previous ? await memberEntries(deps.db, previous.transactionId, member) : [];
      if (!previous || !entry) return null;
      const request = { account: entry.account, amountMicrocents: entry.amount, reason: previous.memo ?? "" };
      const body = {
        transactionId: previous.transactionId,
        balanceAfterMicrocents: entry.balanceAfter,
        replayed: true,
        account: input.account,
        amountMicrocents: entry.amount,
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
    return postAdjustmentIn(tx, actor, uid, input, idempotencyKey, posted);
  });
  await announceBalances(deps.realtime, posted);
  return { ...result, account: input.account, amountMicrocents: input.amountMicrocents };
}

/** The adjustment's movement and its audit entry, in the caller's transaction. */
async function postAdjustmentIn(
  tx: Tx,
  actor: Actor,
  uid: string,
  input: Adjustment,
  idempotencyKey: string,
  posted: Posted[],
  approval?: { requestId: string; requestedBy: string },
) {
  {
    const member = { userId: uid, account: input.account };
    await lockAccounts(tx, [member, { system: "adjustments" }], idempotencyKey);
    // Taken while this request waited for the lock: the helper answers the stored movement.
    if (await findMovement(tx, idempotencyKey)) throw new KeyAlreadyUsed();
    const movement = await postTransaction(tx, {
      kind: "adjustment",
      idempotencyKey,
      legs: [
        { account: { system: "adjustments" }, amount: -input.amountMicrocents },
        { account: member, amount: input.amountMicrocents },
      ],
      reference: { type: "user", id: uid },
      actorId: actor.adminId,
      memo: input.reason,
    });
    posted.push(movement);
    const balanceAfterMicrocents = movement.changes.find((c) => c.account === input.account)?.balance ?? 0n;
    await recordAudit(tx, {
      actorId: actor.adminId,
      action: "member.balance_adjust",
      targetUserId: uid,
      before: { account: input.account, balanceMicrocents: balanceAfterMicrocents - input.amountMicrocents },
      after: {
        account: input.account,
        balanceMicrocents: balanceAfterMicrocents,
        amountMicrocents: input.amountMicrocents,
        reason: input.reason,
        transactionId: movement.transactionId,
        ...(approval ? { requestedBy: approval.requestedBy, requestId: approval.requestId } : {}),
      },
      ip: actor.ip,
    });
    return { transactionId: movement.transactionId, balanceAfterMicrocents, replayed: false };
  }
}

const toAdjustmentRequest = (row: AdjustmentRequestWithMember): AdjustmentRequest => ({
  id: row.id,
  member: toMemberRef(row.member),
  account: row.account as Adjustment["account"],
  amountMicrocents: row.amount,
  reason: row.reason,
  status: row.status as AdjustmentRequest["status"],
  requestedBy: row.requestedBy,
  requestedAt: row.createdAt.toISOString(),
  decidedBy: row.decidedBy,
  decidedAt: row.decidedAt?.toISOString() ?? null,
  rejectReason: row.rejectReason,
  transactionId: row.transactionId,
});

async function adjustmentRequestView(deps: { db: Db }, id: string) {
  const row = await findAdjustmentRequestWithMember(deps.db, id);
  if (!row) throw notFound("Adjustment request not found");
  return toAdjustmentRequest(row);
}

/**
 * The first of two approvals an adjustment above the threshold needs: recorded (with the request's
 * Idempotency-Key, so a repeat answers the same request) and audited; nothing moves yet (202).
 */
async function requestAdjustment(
  deps: Deps,
  actor: Actor,
  uid: string,
  input: Adjustment,
  key: string | null,
): Promise<IdempotentAnswer<AdminAdjustPending>> {
  const fingerprint = { account: input.account, amountMicrocents: input.amountMicrocents, reason: input.reason };
  return idempotentMoneyRequest({
    member: uid,
    key,
    request: fingerprint,
    what: "balance adjustment",
    status: 202,
    find: async (member, k) => {
      const row = await findAdjustmentRequestByKey(deps.db, member, k);
      if (!row) return null;
      return {
        request: { account: row.account, amountMicrocents: row.amount, reason: row.reason },
        body: { awaitingSecondApproval: true as const, request: await adjustmentRequestView(deps, row.id) },
      };
    },
    run: async () => {
      const id = randomUUID();
      await deps.db.transaction(async (tx) => {
        const inserted = await insertAdjustmentRequest(tx, {
          id,
          userId: uid,
          account: input.account,
          amount: input.amountMicrocents,
          reason: input.reason,
          requestKey: key ?? id,
          requestedBy: actor.adminId,
          status: "awaiting_second_approval",
        });
        if (!inserted) throw new KeyAlreadyUsed();
        await recordAudit(tx, {
          actorId: actor.adminId,
          action: "member.balance_adjust_request",
          targetUserId: uid,
          after: { ...fingerprint, requestId: id },
          ip: actor.ip,
        });
      });
      return { awaitingSecondApproval: true as const, request: await adjustmentRequestView(deps, id) };
    },
  });
}

export async function listAdjustments(deps: { db: Db }, status: AdjustmentRequest["status"] | "all") {
  const rows = await listAdjustmentRequests(deps.db, status === "all" ? undefined : status);
  return { items: rows.map(toAdjustmentRequest) };
}

const settledAlready = (row: AdjustmentRequestRow) =>
  new AppError(409, "CONFLICT", `This adjustment request is already ${row.status}.`);

/**
 * The second approval: another finance or owner staff member than the requester; the movement is
 * posted with the request's status in one transaction, under the request's row lock, so two
 * approvers at once move the money once (the second finds it approved and is answered with it).
 */
export async function approveAdjustment(deps: Deps, actor: Actor, id: string): Promise<AdjustmentRequest> {
  const posted: Posted[] = [];
  await moneyTransaction(deps.db, async (tx) => {
    posted.length = 0;
    const row = await lockAdjustmentRequest(tx, id);
    if (!row) throw notFound("Adjustment request not found");
    if (row.status === "approved") return;
    if (row.status !== "awaiting_second_approval") throw settledAlready(row);
    if (row.requestedBy === actor.adminId)
      throw new AppError(
        409,
        "SECOND_APPROVER_REQUIRED",
        "You asked for this adjustment: another finance or owner staff member must approve it.",
      );
    const input = { account: row.account as Adjustment["account"], amountMicrocents: row.amount, reason: row.reason };
    const done = await postAdjustmentIn(tx, actor, row.userId, input, `adjustment-request:${id}`, posted, {
      requestId: id,
      requestedBy: row.requestedBy,
    });
    await updateAdjustmentRequest(tx, id, {
      status: "approved",
      decidedBy: actor.adminId,
      decidedAt: new Date(),
      transactionId: done.transactionId,
    });
  });
  await announceBalances(deps.realtime, posted);
  return adjustmentRequestView(deps, id);
}

/** Either approver (the requester too, taking it back) may reject a waiting request; nothing moves. */
export async function rejectAdjustment(deps: Deps, actor: Actor, id: string, reason: string) {
  await deps.db.transaction(async (tx) => {
    const row = await lockAdjustmentRequest(tx, id);
    if (!row) throw notFound("Adjustment request not found");
    if (row.status === "rejected") return;
    if (row.status !== "awaiting_second_approval") throw settledAlready(row);
    await updateAdjustmentRequest(tx, id, {
      status: "rejected",
      decidedBy: actor.adminId,
      decidedAt: new Date(),
      rejectReason: reason,
    });
    await recordAudit(tx, {
      actorId: actor.adminId,
      action: "member.balance_adjust_reject",
      targetUserId: row.userId,
      before: { account: row.account, amountMicrocents: row.amount, reason: row.reason, requestedBy: row.requestedBy },
      after: { reason, requestId: id },
      ip: actor.ip,
    });
  });
  return adjustmentRequestView(deps, id);
}

/** The verification routine, with int8 values (amounts in microcents) as strings of digits. */
export async function ledgerVerification(deps: { db: Db }) {
  const report = await verifyLedger(deps.db);
  return JSON.parse(jsonText(report)) as typeof report;
}
