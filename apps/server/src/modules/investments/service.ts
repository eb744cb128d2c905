import { randomInt, randomUUID } from "node:crypto";
import {
  type AdminPackage,
  type BuyInvestmentResponse,
  type Investment,
  type InvestmentInvoice,
  type InvestmentPackage,
  type InvestmentStatus,
  investmentPeriodProfit,
  investmentTotalProfit,
  type PackageInput,
  type Settings,
} from "@helio/shared";
import type { Db, Executor } from "../../db/client.ts";
import { recordAdminAudit } from "../../platform/audit/audit.ts";
import { AppError, fieldError, notFound } from "../../platform/http/errors.ts";
import { isUniqueViolation } from "../../platform/kit.ts";
import { type IdempotentAnswer, idempotentMoneyRequest } from "../../platform/money/idempotency.ts";
import {
  type AmountAsked,
  askedFor,
  assertAmountWithin,
  assertRateCurrent,
  takenFrom,
} from "../../platform/money/rate-quote.ts";
import type { Realtime } from "../../platform/realtime/realtime.ts";
import {
  announceBalances,
  getMemberBalances,
  moneyTransaction,
  movementsOf,
  type Posted,
  postTransactions,
} from "../ledger/index.ts";
import { assertNotOnBreak } from "../protection/index.ts";
import { planCommissions } from "../referrals/index.ts";
import type { SettingsService } from "../settings/index.ts";
import {
  countInvestmentsOfPackage,
  deletePackage,
  findByRequestKey,
  findInvestment,
  findPackageById,
  findPackageBySlug,
  type InvestmentWithPackage,
  insertInvestment,
  insertPackage,
  listPackages,
  memberStanding,
  type PackageRow,
  packageCounts,
  updatePackage,
} from "./queries.ts";

/** A purchase as the route reads it: the package and the amount. */
export type Purchase = { slug: string } & AmountAsked;

export type InvestmentDeps = { db: Db; realtime: Realtime; settings: SettingsService; now?: () => Date };
type Actor = { adminId: string; ip: string };

export function toPackage(row: PackageRow, s: Settings): InvestmentPackage {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    minMicrocents: row.minAmount,
    maxMicrocents: row.maxAmount,
    dailyRateBps: row.dailyRateBps,
    durationPeriods: row.durationPeriods,
    capitalReturn: row.capitalReturn,
    sortOrder: row.sortOrder,
    active: row.active,
    periodSeconds: s.investmentPeriodSeconds,
  };
}

/** When period `n` (1-based) of an investment is due: start + n × period. */
export const dueAt = (row: { startedAt: Date; periodSeconds: number }, n: number) =>
  new Date(row.startedAt.getTime() + n * row.periodSeconds * 1000);

export function toInvestment(row: InvestmentWithPackage): Investment {
  return {
    id: row.id,
    reference: row.reference,
    package: { id: row.packageId, slug: row.packageSlug, name: row.packageName },
    amountMicrocents: row.amount,
    dailyRateBps: row.dailyRateBps,
    durationPeriods: row.durationPeriods,
    periodSeconds: row.periodSeconds,
    capitalReturn: row.capitalReturn,
    status: row.status as InvestmentStatus,
    periodsPaid: row.periodsPaid,
    profitPaidMicrocents: row.profitPaid,
    totalProfitMicrocents: investmentTotalProfit(row.amount, row.dailyRateBps, row.durationPeriods),
    nextAccrualAt: row.nextAccrualAt?.toISOString() ?? null,
    maturesAt: row.maturesAt.toISOString(),
    maturedAt: row.maturedAt?.toISOString() ?? null,
    startedAt: row.startedAt.toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------
// Packages.
// ---------------------------------------------------------------------------------------------

export async function activePackages(deps: InvestmentDeps) {
  const s = await deps.settings.get();
  return (await listPackages(deps.db, { activeOnly: true })).map((p) => toPackage(p, s));
}

/** An active package by slug; unknown or inactive → 404. */
export async function packageBySlug(deps: InvestmentDeps, slug: string) {
  const row = await findPackageBySlug(deps.db, slug);
  if (!row?.active) throw notFound("Package not found");
  return toPackage(row, await deps.settings.get());
}

export async function adminPackages(deps: InvestmentDeps): Promise<AdminPackage[]> {
  const [rows, counts, s] = await Promise.all([
    listPackages(deps.db, { activeOnly: false }),
    packageCounts(deps.db),
    deps.settings.get(),
  ]);
  return rows.map((p) => toAdminPackage(p, counts.get(p.id) ?? 0, s));
}

const toAdminPackage = (p: PackageRow, investmentCount: number, s: Settings): AdminPackage => ({
  ...toPackage(p, s),
  investmentCount,
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
});

const columnsOf = (input: PackageInput) => ({
  name: input.name,
  slug: input.slug,
  description: input.description ?? "",
  minAmount: input.minMicrocents,
  maxAmount: input.maxMicrocents,
  dailyRateBps: input.dailyRateBps,
  durationPeriods: input.durationPeriods,
  capitalReturn: input.capitalReturn,
  sortOrder: input.sortOrder ?? 0,
  active: input.active ?? true,
});
const slugTaken = () =>
  new AppError(409, "CONFLICT", "slug: already used by another package", [
    { field: "slug", message: "Already used by another package" },
  ]);

export async function createPackage(deps: InvestmentDeps, actor: Actor, input: PackageInput) {
  try {
    const row = await deps.db.transaction(async (tx) => {
      const inserted = await insertPackage(tx, { id: randomUUID(), ...columnsOf(input) });
      await recordAdminAudit(tx, actor, { action: "package.create", after: inserted });
      return inserted;
    });
    return toAdminPackage(row, 0, await deps.settings.get());
  } catch (error) {
    if (isUniqueViolation(error, "investment_packages_slug_unique")) throw slugTaken();
    throw error;
  }
}

/**
 * Replaces a package's fields (audited). The slug is fixed once a member has invested in it;
 * existing investments keep the terms they were bought with whatever changes here.
 */
export async function editPackage(deps: InvestmentDeps, actor: Actor, id: string, input: PackageInput) {
  try {
    const { row, count } = await deps.db.transaction(async (tx) => {
      const before = await findPackageById(tx, id, { forUpdate: true });
      if (!before) throw notFound("Package not found");
      const count = await countInvestmentsOfPackage(tx, id);
      if (count > 0 && before.slug !== input.slug)
        throw new AppError(409, "CONFLICT", "slug: cannot change once members have invested", [
          { field: "slug", message: "Cannot change once members have invested" },
        ]);
      const row = await updatePackage(tx, id, columnsOf(input));
      await recordAdminAudit(tx, actor, { action: "package.update", before, after: row });
      return { row, count };
    });
    if (!row) throw notFound("Package not found");
    return toAdminPackage(row, count, await deps.settings.get());
  } catch (error) {
    if (isUniqueViolation(error, "investment_packages_slug_unique")) throw slugTaken();
    throw error;
  }
}

/** Deletes a package nobody invested in (audited); one with investments → 409 (deactivate it instead). */
export async function removePackage(deps: InvestmentDeps, actor: Actor, id: string) {
  await deps.db.transaction(async (tx) => {
    const before = await findPackageById(tx, id, { forUpdate: true });
    if (!before) throw notFound("Package not found");
    if ((await countInvestmentsOfPackage(tx, id)) > 0)
      throw new AppError(409, "CONFLICT", "Members have invested in this package: deactivate it instead.");
    await deletePackage(tx, id);
    await recordAdminAudit(tx, actor, { action: "package.delete", before });
  });
}

// ---------------------------------------------------------------------------------------------
// Purchase.
// ---------------------------------------------------------------------------------------------

const REFERENCE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export function newInvestmentReference(): string {
  let code = "";
  for (let i = 0; i < 10; i++) code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `HI-${code}`;
}

async function investmentView(db: Executor, id: string) {
  const row = await findInvestment(db, id);
  if (!row) throw new Error("investments: bought investment missing");
  return toInvestment(row);
}

/**
 * Buys a package: checks the package and the limits, then in ONE database transaction debits the
 * wallet (wallet → investment pool), pays the referral commissions (commissions → each referrer's
 * bonus), records the investment with the terms copied from the package, and records the
 * commissions. One ledger batch, each movement its own transaction with its own idempotency key.
 * Any failure moves nothing. A repeated Idempotency-Key returns the first investment (even after
 * the rate of a local amount changed); a new purchase needs that rate to be the current one.
 */
export function buyInvestment(
  deps: InvestmentDeps,
  userId: string,
  input: Purchase,
  requestKey: string | null,
): Promise<IdempotentAnswer<BuyInvestmentResponse>> {
  return idempotentMoneyRequest({
    member: userId,
    key: requestKey,
    request: { slug: input.slug, amountMicrocents: input.amountMicrocents },
    what: "investment",
    status: 201,
    find: async (member, key) => {
      const id = await findByRequestKey(deps.db, member, key);
      if (!id) return null;
      const investment = await investmentView(deps.db, id);
      return {
        request: { slug: investment.package.slug, amountMicrocents: askedFor(input, investment.amountMicrocents) },
        body: { investment, replayed: true },
      };
    },
    run: () => purchase(deps, userId, input, requestKey),
  });
}

async function purchase(
  deps: InvestmentDeps,
  userId: string,
  input: Purchase,
  requestKey: string | null,
): Promise<BuyInvestmentResponse> {
  const s = await deps.settings.get();
  assertRateCurrent(input.quote, s);
  const id = randomUUID();
  const now = deps.now?.() ?? new Date();
  let posted: Posted[] = [];
  await moneyTransaction(deps.db, async (tx) => {
    posted = [];
    const pkg = await findPackageBySlug(tx, input.slug);
    if (!pkg?.active) throw fieldError("slug", "This package is not available");
    assertAmountWithin(input, { min: pkg.minAmount, max: pkg.maxAmount }, s);
    const standing = await memberStanding(tx, userId);
    if (!standing) throw notFound("Member not found");
    if (standing.userBlock || standing.userStatus === "banned")
      throw new AppError(403, standing.userBlock ? "ACCOUNT_BLOCKED" : "ACCOUNT_BANNED", "This account cannot invest.");
    await assertNotOnBreak(tx, userId, now);
    // Typing the wallet as shown invests all of it (`takenFrom`).
    const amount = takenFrom(input, (await getMemberBalances(tx, userId)).wallet);

    const commissions = await planCommissions(tx, {
      purchaserId: userId,
      investmentId: id,
      amountMicrocents: amount,
      ratesBps: s.referralCommissionBps,
    });
    posted = await postTransactions(tx, [
      {
        kind: "investment",
        idempotencyKey: `investment:${id}`,
        legs: [
          { account: { userId, account: "wallet" }, amount: -amount },
          { account: { system: "investment_pool" }, amount },
        ],
        reference: { type: "investment", id },
        actorId: userId,
        memo: pkg.name,
      },
      ...commissions.movements,
    ]).catch((error: unknown) => {
      if (error instanceof AppError && error.code === "INSUFFICIENT_FUNDS")
        throw new AppError(409, "INSUFFICIENT_FUNDS", `${input.field}: more than your wallet balance`, [
          { field: input.field, message: "More than your wallet balance" },
        ]);
      throw error;
    });
    const periodSeconds = s.investmentPeriodSeconds;
    await insertInvestment(tx, {
      id,
      reference: newInvestmentReference(),
      userId,
      packageId: pkg.id,
      amount,
      dailyRateBps: pkg.dailyRateBps,
      durationPeriods: pkg.durationPeriods,
      periodSeconds,
      capitalReturn: pkg.capitalReturn,
      startedAt: now,
      nextAccrualAt: dueAt({ startedAt: now, periodSeconds }, 1),
      maturesAt: dueAt({ startedAt: now, periodSeconds }, pkg.durationPeriods),
      transactionId: posted[0]?.transactionId ?? null,
      requestKey,
    });
    await commissions.record(tx, posted.slice(1));
  });
  await announceBalances(deps.realtime, posted);
  return { investment: await investmentView(deps.db, id), replayed: false };
}
/** The invoice: the investment, its schedule (each period's due time, amount, and credit time). */
export async function investmentInvoice(
  deps: { db: Db },
  userId: string | null,
  id: string,
): Promise<InvestmentInvoice> {
  const row = /^[0-9a-f-]{36}$/i.test(id) ? await findInvestment(deps.db, id) : null;
  if (!row || (userId !== null && row.userId !== userId)) throw notFound("Investment not found");
  const movements = await movementsOf(deps.db, { type: "investment", id });
  const paidAt = new Map<number, Date>();
  for (const m of movements) {
    const match = m.kind === "profit" ? /^profit:[^:]+:(\d+)$/.exec(m.idempotencyKey) : null;
    if (match) paidAt.set(Number(match[1]), m.createdAt);
  }
  const schedule = Array.from({ length: row.durationPeriods }, (_, i) => {
    const period = i + 1;
    const paid = period <= row.periodsPaid;
    const at = paidAt.get(period);
    return {
      period,
      dueAt: dueAt(row, period).toISOString(),
      amountMicrocents: investmentPeriodProfit(row.amount, row.dailyRateBps, row.durationPeriods, period),
      paid,
      paidAt: paid && at ? at.toISOString() : null,
    };
  });
  return {
    ...toInvestment(row),
    schedule,
    capitalReturnMicrocents: row.capitalReturn ? row.amount : 0n,
    transactionId: row.transactionId,
  };
}
