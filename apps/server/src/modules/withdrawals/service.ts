import { randomUUID } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import {
  type AdminWithdrawal,
  maskAccountNumber,
  type Withdrawal,
  type WithdrawalRequirements,
  type WithdrawalStatus,
  withdrawalQuote,
} from "@helio/shared";
import { isAPIError } from "better-auth/api";
import type { Db } from "../../db/client.ts";
import { recordAdminAudit } from "../../platform/audit/audit.ts";
import type { Auth } from "../../platform/auth/auth.ts";
import { type CurrentSession, toWebHeaders } from "../../platform/auth/session.ts";
import { verifyWithLockout } from "../../platform/auth/two-factor-lockout.ts";
import { AppError, fieldError, notFound } from "../../platform/http/errors.ts";
import { notWhileImpersonating, toMemberRef } from "../../platform/kit.ts";
import { type IdempotentAnswer, idempotentMoneyRequest } from "../../platform/money/idempotency.ts";
import { type AmountAsked, assertRateCurrent, usdAndLocal } from "../../platform/money/rate-quote.ts";
import type { Realtime } from "../../platform/realtime/realtime.ts";
import { bankAccountOf, getBankAccount } from "../bank/index.ts";
import { kycStatusOf } from "../kyc/index.ts";
import {
  announceBalances,
  getMemberBalances,
  moneyTransaction,
  type Posted,
  postTransaction,
} from "../ledger/index.ts";
import type { Notifications, Recorded } from "../notifications/index.ts";
import type { SettingsService } from "../settings/index.ts";
import {
  countPendingWithdrawals,
  findWithdrawal,
  findWithdrawalByRequestKey,
  findWithdrawalWithMember,
  insertWithdrawal,
  listWithdrawals,
  updateWithdrawal,
  type WithdrawalRow,
  type WithdrawalWithMember,
  withdrawalTotalsSince,
} from "./queries.ts";

export type WithdrawalDeps = {
  db: Db;
  auth: Auth;
  realtime: Realtime;
  settings: SettingsService;
  notifications: Notifications;
  /** The clock of the 2FA lock-out (tests move it). */
  now?: () => Date;
};
type Actor = { adminId: string; ip: string };

export function toWithdrawal(row: WithdrawalRow): Withdrawal {
  return {
    id: row.id,
    amountCents: row.amount,
    feeCents: row.fee,
    netCents: row.net,
    status: row.status as WithdrawalStatus,
    destination: {
      bankName: row.bankName,
      accountHolder: row.accountHolder,
      accountNumberMasked: maskAccountNumber(row.accountNumber),
      swift: row.swift,
      branch: row.branch,
    },
    payoutReference: row.payoutReference,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}
const toAdminWithdrawal = (row: WithdrawalWithMember, secondApprovalAboveCents: number): AdminWithdrawal => {
  const view = toWithdrawal(row);
  return {
    ...view,
    destination: { ...view.destination, accountNumber: row.accountNumber },
    member: toMemberRef(row.member),
    firstApproval:
      row.firstApprovedBy && row.firstApprovedAt
        ? { adminId: row.firstApprovedBy, at: row.firstApprovedAt.toISOString() }
        : null,
    needsSecondApproval: needsSecondApproval(row, secondApprovalAboveCents),
  };
};

/** Four eyes: above the threshold (or once a first approval was given), approval takes two people. */
const needsSecondApproval = (row: WithdrawalRow, secondApprovalAboveCents: number) =>
  row.firstApprovedBy !== null || row.amount > secondApprovalAboveCents;

const push = (deps: { realtime: Realtime }, row: WithdrawalRow) =>
  deps.realtime.toUser(row.userId, { type: "withdrawal.updated", id: row.id, status: row.status as WithdrawalStatus });

/** What the withdrawal form shows before the member submits. */
export async function withdrawalRequirements(
  deps: WithdrawalDeps,
  user: { id: string; twoFactorEnabled?: boolean | null },
): Promise<WithdrawalRequirements> {
  const [settings, balances, kycStatus, bank] = await Promise.all([
    deps.settings.get(),
    getMemberBalances(deps.db, user.id),
    kycStatusOf(deps, user.id),
    getBankAccount(deps.db, user.id),
  ]);
  return {
    minCents: settings.withdrawalMinCents,
    maxCents: settings.withdrawalMaxCents,
    feeBps: settings.withdrawalFeeBps,
    feeFlatCents: settings.withdrawalFeeFlatCents,
    walletCents: balances.wallet,
    kycStatus,
    bank,
    twoFactorRequired: Boolean(user.twoFactorEnabled),
  };
}

/** The TOTP code of a member with two-factor on, checked by better-auth against their stored secret. */
async function checkTotp(deps: WithdrawalDeps, uid: string, headers: IncomingHttpHeaders, code: string | undefined) {
  if (!code) {
    throw new AppError(400, "TWO_FACTOR_REQUIRED", "totpCode: enter the code from your authenticator app", [
      { field: "totpCode", message: "Enter the code from your authenticator app" },
    ]);
  }
  // better-auth counts wrong codes only at sign-in; this counts them here, on the same budget.
  const verify = () =>
    deps.auth.api
      .verifyTOTP({ body: { code }, headers: toWebHeaders(headers) })
      .then(() => true)
      .catch((error: unknown) => {
        if (isAPIError(error)) return false;
        throw error;
      });
  const ok = await verifyWithLockout(deps.db, uid, verify, deps.now?.());
  if (!ok) {
    throw new AppError(400, "TWO_FACTOR_INVALID", "totpCode: the code is wrong or expired", [
      { field: "totpCode", message: "The code is wrong or expired" },
    ]);
  }
}

/**
 * A withdrawal request: checks the amount (min, max, fee), KYC, bank data and the 2FA code, then in
 * one transaction records it and moves the amount from the wallet to withdrawal_hold. The same
 * request key answers the same withdrawal (201 both times, even after the rate of a local amount
 * changed) and moves nothing more; another amount under it is a 409 (platform/money/idempotency.ts
 * owns the rule). A new withdrawal needs the local amount's rate to be the current one.
 */
export async function createWithdrawal(
  deps: WithdrawalDeps,
  current: CurrentSession,
  headers: IncomingHttpHeaders,
  input: AmountAsked & { totpCode?: string },
  requestKey: string | null,
): Promise<IdempotentAnswer<Withdrawal>> {
  notWhileImpersonating(current);
  return idempotentMoneyRequest({
    member: current.user.id,
    key: requestKey,
    // The 2FA code is not part of what is asked: a retry may carry a newer code.
    request: { amountCents: input.amountCents },
    what: "withdrawal",
    status: 201,
    find: async (member, key) => {
      const row = await findWithdrawalByRequestKey(deps.db, member, key);
      return row && { request: { amountCents: row.amount }, body: toWithdrawal(row) };
    },
    run: () => requestWithdrawal(deps, current, headers, input, requestKey),
  });
}

async function requestWithdrawal(
  deps: WithdrawalDeps,
  current: CurrentSession,
  headers: IncomingHttpHeaders,
  input: AmountAsked & { totpCode?: string },
  requestKey: string | null,
): Promise<Withdrawal> {
  const uid = current.user.id;
  const settings = await deps.settings.get();
  assertRateCurrent(input.quote, settings);
  const { amountCents, field, currency } = input;
  if (amountCents < settings.withdrawalMinCents) {
    const minimum = usdAndLocal(settings.withdrawalMinCents, currency, settings, "up");
    throw fieldError(field, `The minimum withdrawal is ${minimum}`);
  }
  if (amountCents > settings.withdrawalMaxCents) {
    const maximum = usdAndLocal(settings.withdrawalMaxCents, currency, settings, "down");
    throw fieldError(field, `The maximum withdrawal is ${maximum}`);
  }
  const quote = withdrawalQuote(amountCents, {
    feeBps: settings.withdrawalFeeBps,
    feeFlatCents: settings.withdrawalFeeFlatCents,
  });
  if (quote.netCents <= 0) {
    // The amount must exceed the fee: shown rounded up, like a minimum.
    const fee = usdAndLocal(quote.feeCents, currency, settings, "up");
    throw fieldError(field, `The amount does not cover the fee of ${fee}`);
  }
  if ((await kycStatusOf(deps, uid)) !== "approved") {
    throw new AppError(409, "KYC_REQUIRED", "Verify your identity (KYC) before withdrawing.");
  }
  const bank = await bankAccountOf(deps.db, uid);
  if (!bank) throw new AppError(409, "BANK_DATA_REQUIRED", "Add your bank account before withdrawing.");
  if (current.user.twoFactorEnabled) await checkTotp(deps, uid, headers, input.totpCode);

  const posted: Posted[] = [];
  const row = await moneyTransaction(deps.db, async (tx) => {
    posted.length = 0;
    const id = randomUUID();
    const saved = await insertWithdrawal(tx, {
      id,
      userId: uid,
      amount: quote.amountCents,
      fee: quote.feeCents,
      net: quote.netCents,
      status: "pending",
      bankName: bank.bankName,
      accountHolder: bank.accountHolder,
      accountNumber: bank.accountNumber,
      swift: bank.swift,
      branch: bank.branch,
      requestKey,
    });
    posted.push(
      await postTransaction(tx, {
        kind: "withdrawal_hold",
        idempotencyKey: `withdrawal:hold:${id}`,
        legs: [
          { account: { userId: uid, account: "wallet" }, amount: -quote.amountCents },
          { account: { userId: uid, account: "withdrawal_hold" }, amount: quote.amountCents },
        ],
        reference: { type: "withdrawal", id },
        actorId: uid,
        memo: "Withdrawal requested",
      }),
    );
    return saved;
  });
  await announceBalances(deps.realtime, posted);
  await push(deps, row);
  return toWithdrawal(row);
}

export async function getWithdrawal(deps: { db: Db }, uid: string, id: string) {
  const row = await findWithdrawal(deps.db, id, { userId: uid });
  if (!row) throw notFound("Withdrawal not found");
  return toWithdrawal(row);
}

export async function listMemberWithdrawals(
  deps: { db: Db },
  uid: string,
  q: { status?: WithdrawalStatus; page: number; pageSize: number },
) {
  const { rows, total } = await listWithdrawals(deps.db, { userId: uid, ...q });
  return { items: rows.map(toWithdrawal), total, page: q.page, pageSize: q.pageSize };
}

type Decision =
  | { to: "cancelled"; uid: string }
  | { to: "approved"; actor: Actor; payoutReference: string }
  | { to: "rejected"; actor: Actor; reason: string };

/**
 * Settles a pending withdrawal, with its ledger movement in the same transaction under the row
 * lock: approve (hold → payouts_clearing net + fees fee), reject or cancel (hold → wallet).
 * Repeating the same decision answers with the withdrawal and moves nothing.
 */
async function decide(deps: WithdrawalDeps, id: string, decision: Decision): Promise<WithdrawalRow> {
  const posted: Posted[] = [];
  let told: Recorded | null = null;
  const result = await moneyTransaction(deps.db, async (tx) => {
    posted.length = 0;
    told = null;
    const row = await findWithdrawal(tx, id, {
      userId: decision.to === "cancelled" ? decision.uid : undefined,
      forUpdate: true,
    });
    if (!row) throw notFound("Withdrawal not found");
    if (row.status === decision.to) return { row, changed: false };
    if (row.status !== "pending") throw new AppError(409, "CONFLICT", `This withdrawal is already ${row.status}.`);
    const hold = { account: { userId: row.userId, account: "withdrawal_hold" as const }, amount: -row.amount };
    const reference = { type: "withdrawal", id };
    let saved: WithdrawalRow;
    if (
      decision.to === "approved" &&
      needsSecondApproval(row, (await deps.settings.get(tx)).withdrawalSecondApprovalCents)
    ) {
      if (row.firstApprovedBy === decision.actor.adminId)
        throw new AppError(
          409,
          "SECOND_APPROVER_REQUIRED",
          "You gave this withdrawal its first approval: another finance or owner staff member must give the second.",
        );
      if (row.firstApprovedBy === null) {
        // The first of two approvals: recorded and audited; the money waits for the second.
        saved = await updateWithdrawal(tx, id, {
          firstApprovedBy: decision.actor.adminId,
          firstApprovedAt: new Date(),
        });
        await recordAdminAudit(tx, decision.actor, {
          action: "withdrawal.first_approval",
          targetUserId: row.userId,
          before: { id, status: row.status, amountCents: row.amount },
          after: { status: "pending", awaiting: "second_approval" },
        });
        return { row: saved, changed: false };
      }
    }
    if (decision.to === "approved") {
      saved = await updateWithdrawal(tx, id, {
        status: "approved",
        payoutReference: decision.payoutReference,
        reviewedBy: decision.actor.adminId,
        reviewedAt: new Date(),
      });
      posted.push(
        await postTransaction(tx, {
          kind: "withdrawal",
          idempotencyKey: `withdrawal:approve:${id}`,
          legs: [
            hold,
            { account: { system: "payouts_clearing" }, amount: row.net },
            ...(row.fee > 0 ? [{ account: { system: "fees" as const }, amount: row.fee }] : []),
          ],
          reference,
          actorId: decision.actor.adminId,
          memo: `Withdrawal paid out (${decision.payoutReference})`,
        }),
      );
    } else {
      saved = await updateWithdrawal(tx, id, {
        status: decision.to,
        ...(decision.to === "rejected"
          ? { reason: decision.reason, reviewedBy: decision.actor.adminId, reviewedAt: new Date() }
          : {}),
      });
      posted.push(
        await postTransaction(tx, {
          kind: "withdrawal_release",
          idempotencyKey: `withdrawal:release:${id}`,
          legs: [hold, { account: { userId: row.userId, account: "wallet" }, amount: row.amount }],
          reference,
          actorId: decision.to === "rejected" ? decision.actor.adminId : decision.uid,
          memo: decision.to === "rejected" ? "Withdrawal rejected" : "Withdrawal cancelled",
        }),
      );
    }
    if (decision.to !== "cancelled") {
      await recordAdminAudit(tx, decision.actor, {
        action: decision.to === "approved" ? "withdrawal.approve" : "withdrawal.reject",
        targetUserId: row.userId,
        before: { id, status: row.status, amountCents: row.amount },
        after:
          decision.to === "approved"
            ? {
                status: "approved",
                payoutReference: decision.payoutReference,
                netCents: row.net,
                feeCents: row.fee,
                ...(row.firstApprovedBy ? { firstApprovedBy: row.firstApprovedBy } : {}),
              }
            : { status: "rejected", reason: decision.reason },
      });
      told = await deps.notifications.notify(
        tx,
        decision.to === "approved"
          ? {
              kind: "withdrawal.paid",
              userId: row.userId,
              withdrawalId: id,
              amountCents: row.amount,
              netCents: row.net,
              payoutReference: decision.payoutReference,
            }
          : {
              kind: "withdrawal.rejected",
              userId: row.userId,
              withdrawalId: id,
              amountCents: row.amount,
              reason: decision.reason,
            },
      );
    }
    return { row: saved, changed: true };
  });
  if (result.changed) {
    await announceBalances(deps.realtime, posted);
    await push(deps, result.row);
    await deps.notifications.deliver([told]);
  }
  return result.row;
}

export async function cancelWithdrawal(deps: WithdrawalDeps, current: CurrentSession, id: string) {
  return toWithdrawal(await decide(deps, id, { to: "cancelled", uid: current.user.id }));
}

export async function approveWithdrawal(deps: WithdrawalDeps, actor: Actor, id: string, payoutReference: string) {
  await decide(deps, id, { to: "approved", actor, payoutReference });
  return getAdminWithdrawal(deps, id);
}

export async function rejectWithdrawal(deps: WithdrawalDeps, actor: Actor, id: string, reason: string) {
  await decide(deps, id, { to: "rejected", actor, reason });
  return getAdminWithdrawal(deps, id);
}

export async function listAdminWithdrawals(
  deps: { db: Db; settings: SettingsService },
  q: { status: WithdrawalStatus | "all"; uid?: string; page: number; pageSize: number },
) {
  const { rows, total } = await listWithdrawals(deps.db, {
    status: q.status === "all" ? undefined : q.status,
    userId: q.uid,
    page: q.page,
    pageSize: q.pageSize,
    oldestFirst: q.status === "pending",
  });
  const threshold = (await deps.settings.get()).withdrawalSecondApprovalCents;
  return { items: rows.map((row) => toAdminWithdrawal(row, threshold)), total, page: q.page, pageSize: q.pageSize };
}

export async function getAdminWithdrawal(deps: { db: Db; settings: SettingsService }, id: string) {
  const row = await findWithdrawalWithMember(deps.db, id);
  if (!row) throw notFound("Withdrawal not found");
  return toAdminWithdrawal(row, (await deps.settings.get()).withdrawalSecondApprovalCents);
}

export async function withdrawalNumbers(deps: { db: Db }, since: Date) {
  const [pending, today] = await Promise.all([countPendingWithdrawals(deps.db), withdrawalTotalsSince(deps.db, since)]);
  return { pending, today };
}
