import { randomInt, randomUUID } from "node:crypto";
import {
  type AdminDeposit,
  AMOUNT_RECEIVED_MISMATCH,
  API,
  type DepositInvoice,
  type DepositStatus,
  localHundredths,
  microcentsToDecimal,
  transferInstructionsFor,
  USD_QUOTE,
  usdMicrocentsToLocalHundredths,
} from "@helio/shared";
import type { Db } from "../../db/client.ts";
import { recordAdminAudit } from "../../platform/audit/audit.ts";
import { type CsvCell, text as csvText, value as csvValue } from "../../platform/http/csv.ts";
import { AppError, fieldError, notFound } from "../../platform/http/errors.ts";
import { type CheckedUpload, isUniqueViolation, toMemberRef } from "../../platform/kit.ts";
import { type IdempotentAnswer, idempotentMoneyRequest } from "../../platform/money/idempotency.ts";
import {
  type AmountAsked,
  assertRateCurrent,
  keptLocalOf,
  typedLocalOf,
  usdAndLocal,
} from "../../platform/money/rate-quote.ts";
import type { Realtime } from "../../platform/realtime/realtime.ts";
import type { FileStorage } from "../../platform/storage/index.ts";
import { type BackgroundWorker, drainBatches, startWorkerLoop, type WorkerLog } from "../../platform/workers/loop.ts";
import { announceBalances, moneyTransaction, type Posted, postTransaction } from "../ledger/index.ts";
import type { Notifications, Recorded } from "../notifications/index.ts";
import { assertDepositWithinLimits } from "../protection/index.ts";
import type { SettingsService } from "../settings/index.ts";
import {
  countByStatus,
  depositedSince,
  depositTotalsSince,
  expireDue,
  findInvoice,
  findInvoiceByRequestKey,
  findInvoiceWithMember,
  type InvoiceRow,
  type InvoiceWithMember,
  insertInvoice,
  listInvoices,
  updateInvoice,
} from "./queries.ts";

export type DepositDeps = {
  db: Db;
  realtime: Realtime;
  storage: FileStorage;
  settings: SettingsService;
  notifications: Notifications;
  /** The clock of invoices' dates and of the deposit limit's 30 days; tests hand in their own. */
  now?: () => Date;
};
type Actor = { adminId: string; ip: string };

const REFERENCE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
/** A human reference for the transfer description: HD- and 8 characters without look-alikes (0/O, 1/I). */
export function newDepositReference(): string {
  let code = "";
  for (let i = 0; i < 8; i++) code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `HD-${code}`;
}

export function toInvoice(row: InvoiceRow): DepositInvoice {
  return {
    id: row.id,
    reference: row.reference,
    amountMicrocents: row.amount,
    local: typedLocalOf(row),
    status: row.status as DepositStatus,
    instructions: row.instructions,
    proof:
      row.proofKey && row.proofType && row.proofUploadedAt
        ? {
            url: API.depositProof(row.id),
            fileName: row.proofName ?? "proof",
            contentType: row.proofType,
            size: row.proofSize ?? 0,
            uploadedAt: row.proofUploadedAt.toISOString(),
          }
        : null,
    reason: row.reason,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}

const toAdminDeposit = (row: InvoiceWithMember): AdminDeposit => ({
  ...toInvoice(row),
  member: toMemberRef(row.member),
});

const push = (deps: { realtime: Realtime }, row: InvoiceRow) =>
  deps.realtime.toUser(row.userId, { type: "deposit.updated", id: row.id, status: row.status as DepositStatus });

/**
 * A deposit invoice for `amountMicrocents` (at least settings.depositMinMicrocents) with the transfer
 * instructions as they are now. With a request key, the same key answers the same invoice (201
 * again, even after the rate of a local amount changed) and another amount under it is a 409
 * (platform/money/idempotency.ts owns the rule). A new invoice needs the local amount's rate to
 * be the current one (409 RATE_CHANGED otherwise).
 */
export async function createInvoice(
  deps: DepositDeps,
  uid: string,
  input: AmountAsked,
  requestKey: string | null,
): Promise<IdempotentAnswer<DepositInvoice>> {
  return idempotentMoneyRequest({
    member: uid,
    key: requestKey,
    request: { amountMicrocents: input.amountMicrocents },
    what: "deposit",
    status: 201,
    find: async (member, key) => {
      const row = await findInvoiceByRequestKey(deps.db, member, key);
      return row && { request: { amountMicrocents: row.amount }, body: toInvoice(row) };
    },
    run: () => insertNewInvoice(deps, uid, input, requestKey),
  });
}

async function insertNewInvoice(
  deps: DepositDeps,
  uid: string,
  input: AmountAsked,
  requestKey: string | null,
): Promise<DepositInvoice> {
  const settings = await deps.settings.get();
  assertRateCurrent(input.quote, settings);
  if (input.amountMicrocents < settings.depositMinMicrocents) {
    const minimum = usdAndLocal(settings.depositMinMicrocents, input.currency, settings, "up");
    throw fieldError(input.field, `The minimum deposit is ${minimum}`);
  }
  const now = deps.now?.() ?? new Date();
  const local = keptLocalOf(input, settings);
  // The account of the money the bank moves: the invoice's currency's own, else the default.
  const instructions = transferInstructionsFor(settings, local.localCurrency ?? "USD");
  for (let attempt = 1; ; attempt++) {
    try {
      // The member's limit rows stay locked until the invoice is in: concurrent requests are
      // counted one after the other against their deposit limit.
      const row = await deps.db.transaction(async (tx) => {
        await assertDepositWithinLimits(
          tx,
          { depositedSince },
          { userId: uid, amountMicrocents: input.amountMicrocents, now },
        );
        return insertInvoice(tx, {
          id: randomUUID(),
          userId: uid,
          reference: newDepositReference(),
          amount: input.amountMicrocents,
          ...local,
          status: "awaiting_payment",
          instructions,
          requestKey,
          expiresAt: new Date(now.getTime() + settings.invoiceExpiryMinutes * 60_000),
          createdAt: now,
          updatedAt: now,
        });
      });
      return toInvoice(row);
    } catch (error) {
      // A reference already taken (about one in a trillion): draw another. A taken request key
      // goes up to the idempotency helper, which answers the stored invoice.
      if (attempt < 5 && isUniqueViolation(error, "deposit_invoices_reference_unique")) continue;
      throw error;
    }
  }
}

export async function getInvoice(deps: { db: Db }, uid: string, id: string): Promise<DepositInvoice> {
  const row = await findInvoice(deps.db, id, { userId: uid });
  if (!row) throw notFound("Deposit not found");
  return toInvoice(row);
}

export async function listMemberInvoices(
  deps: { db: Db },
  uid: string,
  q: { status?: DepositStatus; page: number; pageSize: number },
) {
  const { rows, total } = await listInvoices(deps.db, { userId: uid, ...q });
  return { items: rows.map(toInvoice), total, page: q.page, pageSize: q.pageSize };
}

const expired = () => new AppError(409, "CONFLICT", "This invoice has expired. Create a new one.");

/**
 * Stores the proof (file first, under a random private key), then moves the invoice to
 * proof_submitted. A proof can be replaced until an admin has decided. An invoice past its expiry
 * becomes expired here too, whether or not the worker has passed.
 */
export async function submitProof(deps: DepositDeps, uid: string, id: string, upload: CheckedUpload) {
  const key = `deposits/${randomUUID()}.${upload.ext}`;
  await deps.storage.put(key, upload.data);
  let outcome: { row: InvoiceRow; replaced: string | null } | "expired";
  try {
    outcome = await deps.db.transaction(async (tx) => {
      const row = await findInvoice(tx, id, { userId: uid, forUpdate: true });
      if (!row) throw notFound("Deposit not found");
      if (row.status === "awaiting_payment" && row.expiresAt.getTime() <= Date.now()) {
        await updateInvoice(tx, id, { status: "expired" });
        return "expired" as const;
      }
      if (row.status === "expired") throw expired();
      if (row.status !== "awaiting_payment" && row.status !== "proof_submitted") {
        throw new AppError(409, "CONFLICT", `This deposit is already ${row.status}.`);
      }
      const saved = await updateInvoice(tx, id, {
        status: "proof_submitted",
        proofKey: key,
        proofType: upload.contentType,
        proofName: upload.fileName,
        proofSize: upload.size,
        proofUploadedAt: new Date(),
      });
      return { row: saved, replaced: row.proofKey };
    });
  } catch (error) {
    await deps.storage.remove(key);
    throw error;
  }
  if (outcome === "expired") {
    await deps.storage.remove(key);
    await deps.realtime.toUser(uid, { type: "deposit.updated", id, status: "expired" });
    throw expired();
  }
  if (outcome.replaced) await deps.storage.remove(outcome.replaced);
  await push(deps, outcome.row);
  return toInvoice(outcome.row);
}

/** The proof's bytes, for its owner or an admin; anyone else gets 404. */
export async function readProof(deps: DepositDeps, viewer: { uid: string; admin: boolean }, id: string) {
  const row = await findInvoice(deps.db, id, viewer.admin ? {} : { userId: viewer.uid });
  if (!row?.proofKey || !row.proofType) throw notFound("No proof for this deposit");
  const data = await deps.storage.read(row.proofKey);
  if (!data) throw notFound("No proof for this deposit");
  const ext = row.proofKey.split(".").pop() ?? "bin";
  return { data, contentType: row.proofType, fileName: `${row.reference}-proof.${ext}` };
}

// ---------------------------------------------------------------------------------------------
// Back office.
// ---------------------------------------------------------------------------------------------

export async function listAdminInvoices(
  deps: { db: Db },
  q: { status: DepositStatus | "all"; uid?: string; page: number; pageSize: number },
) {
  const { rows, total } = await listInvoices(deps.db, {
    status: q.status === "all" ? undefined : q.status,
    userId: q.uid,
    page: q.page,
    pageSize: q.pageSize,
  });
  return { items: rows.map(toAdminDeposit), total, page: q.page, pageSize: q.pageSize };
}

/** Invoices per page of the back office's CSV export. */
const CSV_BATCH = 500;

/** Every invoice of the queue's filter, a page at a time, for the CSV export (newest first). */
export async function* adminInvoiceBatches(db: Db, q: { status: DepositStatus | "all"; uid?: string }) {
  for (let page = 1; ; page++) {
    const { rows } = await listInvoices(db, {
      status: q.status === "all" ? undefined : q.status,
      userId: q.uid,
      page,
      pageSize: CSV_BATCH,
    });
    if (rows.length > 0) yield rows.map(toAdminDeposit);
    if (rows.length < CSV_BATCH) return;
  }
}

/** One export line (ADMIN_DEPOSIT_CSV_COLUMNS): the typed local amount, its rate and the USD side by side. */
export function adminDepositCsvCells(d: AdminDeposit): CsvCell[] {
  return [
    csvText(d.reference),
    csvValue(d.createdAt),
    csvText(d.status),
    csvText(d.member.fullName),
    csvText(d.member.email),
    csvValue(d.local?.amount),
    csvText(d.local?.currency),
    csvValue(d.local?.rate),
    csvValue(microcentsToDecimal(d.amountMicrocents)),
    csvValue(d.reviewedAt),
  ];
}

export async function getAdminInvoice(deps: { db: Db }, id: string) {
  const row = await findInvoiceWithMember(deps.db, id);
  if (!row) throw notFound("Deposit not found");
  return toAdminDeposit(row);
}

/**
 * The amount to transfer in hundredths of the invoice's currency, as a bank statement shows it:
 * the local amount exactly as typed, or for an invoice made in USD its amount to the nearest cent
 * (one made through the API may hold a fraction of a cent no transfer can carry).
 */
const transferHundredthsOf = (row: InvoiceRow): bigint =>
  row.localAmount ?? usdMicrocentsToLocalHundredths(row.amount, USD_QUOTE.rate);

/**
 * The amount an operator read on the bank statement, checked against the invoice's amount to
 * transfer. A different amount is refused on its field, before anything moves.
 */
function assertReceivedMatches(row: InvoiceRow, amountReceived: string | undefined) {
  if (amountReceived === undefined) return;
  if (localHundredths(amountReceived) !== transferHundredthsOf(row))
    throw fieldError("amountReceived", AMOUNT_RECEIVED_MISMATCH);
}

/**
 * Approves a deposit with a proof and credits the wallet, exactly once: the row lock serialises
 * concurrent approvals, the status change and the ledger movement commit together, and the
 * movement's key (`deposit:approve:<id>`) could not be applied twice anyway. Approving an
 * approved deposit again answers with it and moves nothing. The amount received, when the
 * operator typed it, must be the invoice's.
 */
export async function approveInvoice(
  deps: DepositDeps,
  actor: Actor,
  id: string,
  opts: { amountReceived?: string } = {},
) {
  const posted: Posted[] = [];
  let told: Recorded | null = null;
  const row = await moneyTransaction(deps.db, async (tx) => {
    posted.length = 0;
    told = null;
    const row = await findInvoice(tx, id, { forUpdate: true });
    if (!row) throw notFound("Deposit not found");
    if (row.status === "approved") return row;
    if (row.status !== "proof_submitted") {
      throw new AppError(409, "CONFLICT", `Only a deposit with a proof can be approved; this one is ${row.status}.`);
    }
    assertReceivedMatches(row, opts.amountReceived);
    const saved = await updateInvoice(tx, id, {
      status: "approved",
      reviewedBy: actor.adminId,
      reviewedAt: new Date(),
    });
    posted.push(
      await postTransaction(tx, {
        kind: "deposit",
        idempotencyKey: `deposit:approve:${id}`,
        legs: [
          { account: { system: "deposits_clearing" }, amount: -row.amount },
          { account: { userId: row.userId, account: "wallet" }, amount: row.amount },
        ],
        reference: { type: "deposit", id },
        actorId: actor.adminId,
        memo: `Deposit ${row.reference}`,
      }),
    );
    await recordAdminAudit(tx, actor, {
      action: "deposit.approve",
      targetUserId: row.userId,
      before: { id, reference: row.reference, status: row.status },
      after: {
        status: "approved",
        amountMicrocents: row.amount,
        ...(opts.amountReceived === undefined ? {} : { amountReceived: opts.amountReceived }),
      },
    });
    told = await deps.notifications.notify(tx, {
      kind: "deposit.approved",
      userId: row.userId,
      depositId: id,
      reference: row.reference,
      amountMicrocents: row.amount,
    });
    return saved;
  });
  if (posted.length) {
    await announceBalances(deps.realtime, posted);
    await push(deps, row);
    await deps.notifications.deliver([told]);
  }
  return getAdminInvoice(deps, id);
}

/** Rejects a deposit that is awaiting payment or has a proof, with the reason the member will read. */
export async function rejectInvoice(deps: DepositDeps, actor: Actor, id: string, reason: string) {
  let told: Recorded | null = null;
  const changed = await deps.db.transaction(async (tx) => {
    const row = await findInvoice(tx, id, { forUpdate: true });
    if (!row) throw notFound("Deposit not found");
    if (row.status === "rejected") return null;
    if (row.status !== "proof_submitted" && row.status !== "awaiting_payment") {
      throw new AppError(409, "CONFLICT", `This deposit is already ${row.status}.`);
    }
    const saved = await updateInvoice(tx, id, {
      status: "rejected",
      reason,
      reviewedBy: actor.adminId,
      reviewedAt: new Date(),
    });
    await recordAdminAudit(tx, actor, {
      action: "deposit.reject",
      targetUserId: row.userId,
      before: { id, reference: row.reference, status: row.status },
      after: { status: "rejected", reason },
    });
    told = await deps.notifications.notify(tx, {
      kind: "deposit.rejected",
      userId: row.userId,
      depositId: id,
      reference: row.reference,
      amountMicrocents: row.amount,
      reason,
    });
    return saved;
  });
  if (changed) {
    await push(deps, changed);
    await deps.notifications.deliver([told]);
  }
  return getAdminInvoice(deps, id);
}

// ---------------------------------------------------------------------------------------------
// Expiry worker and numbers for the dashboard.
// ---------------------------------------------------------------------------------------------

/** Invoices expired per transaction. */
export const EXPIRY_BATCH = 200;

/** One batch of the expiry worker: expires up to `batch` due invoices and tells the members. */
async function expireDueBatch(deps: { db: Db; realtime: Realtime }, now: Date, batch: number) {
  const rows = await deps.db.transaction((tx) => expireDue(tx, now, batch));
  for (const r of rows) await deps.realtime.toUser(r.userId, { type: "deposit.updated", id: r.id, status: "expired" });
  return rows.length;
}

/** Expires every due invoice (in batches); how many. */
export async function expireDueInvoices(deps: { db: Db; realtime: Realtime }, now = new Date(), batch = EXPIRY_BATCH) {
  return (await drainBatches(() => expireDueBatch(deps, now, batch), batch)).processed;
}

/** Expires due invoices every `intervalMs` (platform/workers/loop.ts runs it). */
export function startDepositExpiryWorker(
  deps: { db: Db; realtime: Realtime; log: WorkerLog },
  intervalMs = 15_000,
): BackgroundWorker {
  return startWorkerLoop({
    name: "deposit expiry",
    intervalMs,
    batchSize: EXPIRY_BATCH,
    batch: () => expireDueBatch(deps, new Date(), EXPIRY_BATCH),
    log: deps.log,
  });
}

export async function depositNumbers(deps: { db: Db }, since: Date) {
  const [counts, today] = await Promise.all([
    countByStatus(deps.db, ["proof_submitted", "awaiting_payment"]),
    depositTotalsSince(deps.db, since),
  ]);
  return {
    pendingReview: counts.proof_submitted ?? 0,
    awaitingPayment: counts.awaiting_payment ?? 0,
    today,
  };
}
