import { randomUUID } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import {
  type AdminWithdrawal,
  localHundredthsToDecimal,
  maskAccountNumber,
  microcentsToDecimal,
  usdMicrocentsToLocalHundredths,
  type Withdrawal,
  type WithdrawalRequirements,
  type WithdrawalStatus,
  withdrawalQuote,
} from "@helio/shared";
import { isAPIError } from "better-auth/api";
import type { Db, Tx } from "../../db/client.ts";
import { recordAdminAudit } from "../../platform/audit/audit.ts";
import type { Auth } from "../../platform/auth/auth.ts";
import { hashLinkToken, newLinkToken } from "../../platform/auth/link-tokens.ts";
import { type CurrentSession, toWebHeaders } from "../../platform/auth/session.ts";
import { verifyWithLockout } from "../../platform/auth/two-factor-lockout.ts";
import { type CsvCell, text as csvText, value as csvValue } from "../../platform/http/csv.ts";
import { AppError, fieldError, notFound } from "../../platform/http/errors.ts";
import { notWhileImpersonating, toMemberRef } from "../../platform/kit.ts";
import type { Mailer } from "../../platform/mail/mailer.ts";
import { type IdempotentAnswer, idempotentMoneyRequest } from "../../platform/money/idempotency.ts";
import {
  type AmountAsked,
  askedFor,
  assertRateCurrent,
  keptLocalOf,
  takenFrom,
  typedLocalOf,
  usdAndLocal,
} from "../../platform/money/rate-quote.ts";
import type { Realtime } from "../../platform/realtime/realtime.ts";
import { type BackgroundWorker, drainBatches, startWorkerLoop, type WorkerLog } from "../../platform/workers/loop.ts";
import { bankAccountOf, getBankAccount, holdUntilOf, namesMatch } from "../bank/index.ts";
import { approvedKycNameOf, kycStatusOf } from "../kyc/index.ts";
import {
  announceBalances,
  getMemberBalances,
  moneyTransaction,
  type Posted,
  postTransaction,
} from "../ledger/index.ts";
import type { Notifications, Recorded } from "../notifications/index.ts";
import { isFrozen } from "../security/index.ts";
import type { SettingsService } from "../settings/index.ts";
import { withdrawalConfirmMail } from "./mail.ts";
import {
  countPendingWithdrawals,
  findWithdrawal,
  findWithdrawalByRequestKey,
  findWithdrawalWithMember,
  insertWithdrawal,
  listWithdrawals,
  lockDueUnconfirmed,
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
  mailer: Mailer;
  log: WorkerLog;
  publicUrl: string;
  /** The clock of the 2FA lock-out, the wait after a bank change and the confirmation link (tests move it). */
  now: () => Date;
};

/** How long the mail's confirmation link of a withdrawal works. */
export const CONFIRM_LINK_TTL_MS = 30 * 60_000;
type Actor = { adminId: string; ip: string };

/** The kept local amount with the payout in that currency: the net at the kept rate, to the nearest hundredth. */
function localOfWithdrawal(row: WithdrawalRow): Withdrawal["local"] {
  const local = typedLocalOf(row);
  if (!local) return null;
  return { ...local, net: localHundredthsToDecimal(usdMicrocentsToLocalHundredths(row.net, local.rate)) };
}

export function toWithdrawal(row: WithdrawalRow): Withdrawal {
  return {
    id: row.id,
    amountMicrocents: row.amount,
    feeMicrocents: row.fee,
    netMicrocents: row.net,
    local: localOfWithdrawal(row),
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
    confirmExpiresAt: row.status === "unconfirmed" ? (row.confirmExpiresAt?.toISOString() ?? null) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}
const toAdminWithdrawal = (row: WithdrawalWithMember, secondApprovalAboveMicrocents: bigint): AdminWithdrawal => {
  const view = toWithdrawal(row);
  return {
    ...view,
    destination: { ...view.destination, accountNumber: row.accountNumber },
    member: toMemberRef(row.member),
    checks: {
      kycName: row.kycName,
      nameMismatch: row.nameMismatch,
      bankChangedAt: row.bankChangedAt?.toISOString() ?? null,
    },
    firstApproval:
      row.firstApprovedBy && row.firstApprovedAt
        ? { adminId: row.firstApprovedBy, at: row.firstApprovedAt.toISOString() }
        : null,
    needsSecondApproval: needsSecondApproval(row, secondApprovalAboveMicrocents),
  };
};

/** Four eyes: above the threshold (or once a first approval was given), approval takes two people. */
const needsSecondApproval = (row: WithdrawalRow, secondApprovalAboveMicrocents: bigint) =>
  row.firstApprovedBy !== null || row.amount > secondApprovalAboveMicrocents;

const push = (deps: { realtime: Realtime }, row: WithdrawalRow) =>
  deps.realtime.toUser(row.userId, { type: "withdrawal.updated", id: row.id, status: row.status as WithdrawalStatus });

/** What the withdrawal form shows before the member submits. */
export async function withdrawalRequirements(
  deps: WithdrawalDeps,
  user: { id: string; twoFactorEnabled?: boolean | null },
): Promise<WithdrawalRequirements> {
  const [settings, balances, kycStatus, bank, frozen] = await Promise.all([
    deps.settings.get(),
    getMemberBalances(deps.db, user.id),
    kycStatusOf(deps, user.id),
    getBankAccount(deps, user.id),
    isFrozen(deps.db, user.id),
  ]);
  return {
    minMicrocents: settings.withdrawalMinMicrocents,
    maxMicrocents: settings.withdrawalMaxMicrocents,
    feeBps: settings.withdrawalFeeBps,
    feeFlatMicrocents: settings.withdrawalFeeFlatMicrocents,
    walletMicrocents: balances.wallet,
    kycStatus,
    bank,
    twoFactorRequired: Boolean(user.twoFactorEnabled),
    holdUntil: bank?.holdUntil ?? null,
    frozen,
  };
}

const frozen = () =>
  new AppError(409, "ACCOUNT_FROZEN", "Your account is frozen: no money can leave it until support lifts it.");

const utc = (d: Date) => `${d.toISOString().slice(0, 16).replace("T", " ")} UTC`;

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
  const ok = await verifyWithLockout(deps.db, uid, verify, deps.now());
  if (!ok) {
    throw new AppError(400, "TWO_FACTOR_INVALID", "totpCode: the code is wrong or expired", [
      { field: "totpCode", message: "The code is wrong or expired" },
    ]);
  }
}

/**
 * A withdrawal request: checks the amount (min, max, fee), KYC, bank data (not within the wait
 * after a change, the account not frozen) and the 2FA code, then in one transaction records it,
 * unconfirmed, and moves the amount from the wallet to withdrawal_hold; the member confirms it
 * from the mail sent after the commit (`confirmWithdrawal`) before it reaches the queue. The same
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
    request: { amountMicrocents: input.amountMicrocents },
    what: "withdrawal",
    status: 201,
    find: async (member, key) => {
      const row = await findWithdrawalByRequestKey(deps.db, member, key);
      return row && { request: { amountMicrocents: askedFor(input, row.amount) }, body: toWithdrawal(row) };
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
  const { amountMicrocents, field, currency } = input;
  if (amountMicrocents < settings.withdrawalMinMicrocents) {
    const minimum = usdAndLocal(settings.withdrawalMinMicrocents, currency, settings, "up");
    throw fieldError(field, `The minimum withdrawal is ${minimum}`);
  }
  if (amountMicrocents > settings.withdrawalMaxMicrocents) {
    const maximum = usdAndLocal(settings.withdrawalMaxMicrocents, currency, settings, "down");
    throw fieldError(field, `The maximum withdrawal is ${maximum}`);
  }
  // Typing the wallet as shown withdraws all of it (`takenFrom`); the ledger refuses more than there is.
  const taken = takenFrom(input, (await getMemberBalances(deps.db, uid)).wallet);
  const quote = withdrawalQuote(taken, {
    feeBps: settings.withdrawalFeeBps,
    feeFlatMicrocents: settings.withdrawalFeeFlatMicrocents,
  });
  if (quote.netMicrocents <= 0n) {
    // The amount must exceed the fee: shown rounded up, like a minimum.
    const fee = usdAndLocal(quote.feeMicrocents, currency, settings, "up");
    throw fieldError(field, `The amount does not cover the fee of ${fee}`);
  }
  if ((await kycStatusOf(deps, uid)) !== "approved") {
    throw new AppError(409, "KYC_REQUIRED", "Verify your identity (KYC) before withdrawing.");
  }
  const bank = await bankAccountOf(deps.db, uid);
  if (!bank) throw new AppError(409, "BANK_DATA_REQUIRED", "Add your bank account before withdrawing.");
  if (await isFrozen(deps.db, uid)) throw frozen();
  const now = deps.now();
  const holdUntil = holdUntilOf(bank, settings, now);
  if (holdUntil) {
    throw new AppError(
      409,
      "WITHDRAWAL_HOLD",
      `Your bank account was changed recently. For your safety, withdrawals are paused until ${utc(holdUntil)}.`,
    );
  }
  if (current.user.twoFactorEnabled) await checkTotp(deps, uid, headers, input.totpCode);
  const kycName = await approvedKycNameOf(deps, uid);
  const link = newLinkToken();
  const confirmExpiresAt = new Date(now.getTime() + CONFIRM_LINK_TTL_MS);

  const posted: Posted[] = [];
  const row = await moneyTransaction(deps.db, async (tx) => {
    posted.length = 0;
    const id = randomUUID();
    const saved = await insertWithdrawal(tx, {
      id,
      userId: uid,
      amount: quote.amountMicrocents,
      fee: quote.feeMicrocents,
      net: quote.netMicrocents,
      ...keptLocalOf(input, settings),
      status: "unconfirmed",
      confirmTokenHash: link.hash,
      confirmExpiresAt,
      kycName,
      nameMismatch: kycName === null || !namesMatch(kycName, bank.accountHolder),
      bankChangedAt: bank.changedAt,
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
          { account: { userId: uid, account: "wallet" }, amount: -quote.amountMicrocents },
          { account: { userId: uid, account: "withdrawal_hold" }, amount: quote.amountMicrocents },
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
  const mail = withdrawalConfirmMail({
    to: current.user.email,
    name: (current.user as { firstName?: string }).firstName?.trim() || current.user.name,
    locale: (current.user as { locale?: string | null }).locale ?? null,
    publicUrl: deps.publicUrl,
    id: row.id,
    token: link.token,
    amountMicrocents: row.amount,
    local: typedLocalOf(row),
    bankName: row.bankName,
    accountNumberMasked: maskAccountNumber(row.accountNumber),
    expiresAt: confirmExpiresAt,
  });
  // The withdrawal stands without its mail (the member can cancel it, or it expires); never a 500.
  await deps.mailer.send(mail).catch((err: unknown) => deps.log.error({ err }, "withdrawal confirmation not mailed"));
  return toWithdrawal(row);
}

const invalidLink = () => new AppError(400, "INVALID_TOKEN", "This confirmation link has been used or is not valid.");

/**
 * The mail's link: its token confirms that withdrawal only, once, until it expires; the
 * withdrawal then joins the operators' queue. A link used after its time expires the withdrawal
 * here (as the worker would) and says so. No sign-in is needed: the token is the proof.
 */
export async function confirmWithdrawal(deps: WithdrawalDeps, id: string, token: string): Promise<Withdrawal> {
  const posted: Posted[] = [];
  const outcome = await moneyTransaction(deps.db, async (tx) => {
    posted.length = 0;
    const row = await findWithdrawal(tx, id, { forUpdate: true });
    if (row?.status !== "unconfirmed" || row.confirmTokenHash !== hashLinkToken(token)) throw invalidLink();
    if (await isFrozen(tx, row.userId)) throw frozen();
    if (!row.confirmExpiresAt || row.confirmExpiresAt <= deps.now()) {
      const expired = await expireUnconfirmed(tx, row);
      posted.push(expired.posted);
      return { row: expired.row, expired: true };
    }
    const saved = await updateWithdrawal(tx, id, {
      status: "pending",
      confirmedAt: deps.now(),
      confirmTokenHash: null,
    });
    return { row: saved, expired: false };
  });
  await announceBalances(deps.realtime, posted);
  await push(deps, outcome.row);
  if (outcome.expired) {
    throw new AppError(409, "CONFLICT", "This confirmation link has expired. The amount is back in your wallet.");
  }
  return toWithdrawal(outcome.row);
}

/** An unconfirmed withdrawal whose link expired: the hold returns to the wallet (once: its key). */
async function expireUnconfirmed(tx: Tx, row: WithdrawalRow) {
  const saved = await updateWithdrawal(tx, row.id, { status: "expired", confirmTokenHash: null });
  const posted = await postTransaction(tx, {
    kind: "withdrawal_release",
    idempotencyKey: `withdrawal:release:${row.id}`,
    legs: [
      { account: { userId: row.userId, account: "withdrawal_hold" }, amount: -row.amount },
      { account: { userId: row.userId, account: "wallet" }, amount: row.amount },
    ],
    reference: { type: "withdrawal", id: row.id },
    actorId: row.userId,
    memo: "Withdrawal not confirmed in time",
  });
  return { row: saved, posted };
}

/** Withdrawals expired per transaction. */
export const CONFIRM_EXPIRY_BATCH = 100;

async function expireUnconfirmedBatch(deps: WithdrawalDeps, now: Date, batch: number) {
  const posted: Posted[] = [];
  const rows = await moneyTransaction(deps.db, async (tx) => {
    posted.length = 0;
    const due = await lockDueUnconfirmed(tx, now, batch);
    const expired: WithdrawalRow[] = [];
    for (const row of due) {
      const result = await expireUnconfirmed(tx, row);
      posted.push(result.posted);
      expired.push(result.row);
    }
    return expired;
  });
  await announceBalances(deps.realtime, posted);
  for (const row of rows) await push(deps, row);
  return rows.length;
}

/** Expires every unconfirmed withdrawal whose link is past (in batches); how many. */
export async function expireUnconfirmedWithdrawals(
  deps: WithdrawalDeps,
  now = deps.now(),
  batch = CONFIRM_EXPIRY_BATCH,
) {
  return (await drainBatches(() => expireUnconfirmedBatch(deps, now, batch), batch)).processed;
}

/** Expires unconfirmed withdrawals every `intervalMs` (platform/workers/loop.ts runs it). */
export function startWithdrawalExpiryWorker(deps: WithdrawalDeps, intervalMs = 15_000): BackgroundWorker {
  return startWorkerLoop({
    name: "withdrawal confirmation expiry",
    intervalMs,
    batchSize: CONFIRM_EXPIRY_BATCH,
    batch: () => expireUnconfirmedBatch(deps, deps.now(), CONFIRM_EXPIRY_BATCH),
    log: deps.log,
  });
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

const describeStatus = (status: string) =>
  status === "unconfirmed" ? "not confirmed by the member yet" : `already ${status}`;

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
    // The member may cancel before confirming; operators see a withdrawal only once confirmed.
    const open = row.status === "pending" || (decision.to === "cancelled" && row.status === "unconfirmed");
    if (!open) throw new AppError(409, "CONFLICT", `This withdrawal is ${describeStatus(row.status)}.`);
    // A frozen account pays nothing out; cancelling or rejecting (money back to the wallet) stays open.
    if (decision.to === "approved" && (await isFrozen(tx, row.userId))) {
      throw new AppError(409, "ACCOUNT_FROZEN", "The member froze this account: lift the freeze before paying out.");
    }
    const hold = { account: { userId: row.userId, account: "withdrawal_hold" as const }, amount: -row.amount };
    const reference = { type: "withdrawal", id };
    let saved: WithdrawalRow;
    if (
      decision.to === "approved" &&
      needsSecondApproval(row, (await deps.settings.get(tx)).withdrawalSecondApprovalMicrocents)
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
          before: { id, status: row.status, amountMicrocents: row.amount },
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
            ...(row.fee > 0n ? [{ account: { system: "fees" as const }, amount: row.fee }] : []),
          ],
          reference,
          actorId: decision.actor.adminId,
          memo: `Withdrawal paid out (${decision.payoutReference})`,
        }),
      );
    } else {
      saved = await updateWithdrawal(tx, id, {
        status: decision.to,
        confirmTokenHash: null,
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
        before: { id, status: row.status, amountMicrocents: row.amount },
        after:
          decision.to === "approved"
            ? {
                status: "approved",
                payoutReference: decision.payoutReference,
                netMicrocents: row.net,
                feeMicrocents: row.fee,
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
              amountMicrocents: row.amount,
              netMicrocents: row.net,
              payoutReference: decision.payoutReference,
            }
          : {
              kind: "withdrawal.rejected",
              userId: row.userId,
              withdrawalId: id,
              amountMicrocents: row.amount,
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
  const threshold = (await deps.settings.get()).withdrawalSecondApprovalMicrocents;
  return { items: rows.map((row) => toAdminWithdrawal(row, threshold)), total, page: q.page, pageSize: q.pageSize };
}

/** Withdrawals per page of the back office's CSV export. */
const CSV_BATCH = 500;

/** Every withdrawal of the queue's filter, a page at a time, for the CSV export (as the queue orders them). */
export async function* adminWithdrawalBatches(
  deps: { db: Db; settings: SettingsService },
  q: { status: WithdrawalStatus | "all"; uid?: string },
) {
  const threshold = (await deps.settings.get()).withdrawalSecondApprovalMicrocents;
  for (let page = 1; ; page++) {
    const { rows } = await listWithdrawals(deps.db, {
      status: q.status === "all" ? undefined : q.status,
      userId: q.uid,
      page,
      pageSize: CSV_BATCH,
      oldestFirst: q.status === "pending",
    });
    if (rows.length > 0) yield rows.map((row) => toAdminWithdrawal(row, threshold));
    if (rows.length < CSV_BATCH) return;
  }
}

/** One export line (ADMIN_WITHDRAWAL_CSV_COLUMNS): typed local amount, rate, USD figures, local payout. */
export function adminWithdrawalCsvCells(w: AdminWithdrawal): CsvCell[] {
  return [
    csvText(w.id),
    csvValue(w.createdAt),
    csvText(w.status),
    csvText(w.member.fullName),
    csvText(w.member.email),
    csvValue(w.local?.amount),
    csvText(w.local?.currency),
    csvValue(w.local?.rate),
    csvValue(microcentsToDecimal(w.amountMicrocents)),
    csvValue(microcentsToDecimal(w.feeMicrocents)),
    csvValue(microcentsToDecimal(w.netMicrocents)),
    csvValue(w.local?.net),
    csvText(w.payoutReference),
    csvValue(w.reviewedAt),
  ];
}

export async function getAdminWithdrawal(deps: { db: Db; settings: SettingsService }, id: string) {
  const row = await findWithdrawalWithMember(deps.db, id);
  if (!row) throw notFound("Withdrawal not found");
  return toAdminWithdrawal(row, (await deps.settings.get()).withdrawalSecondApprovalMicrocents);
}

export async function withdrawalNumbers(deps: { db: Db }, since: Date) {
  const [pending, today] = await Promise.all([countPendingWithdrawals(deps.db), withdrawalTotalsSince(deps.db, since)]);
  return { pending, today };
}
