import { jsonText } from "@helio/shared";
import { and, asc, count, desc, eq, lte, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { queryRows } from "../../db/rows.ts";
import { user } from "../../platform/auth/tables.ts";
import { updateTouched } from "../../platform/db/update-touched.ts";
import { memberRefColumns } from "../../platform/kit.ts";
import { investmentPackages, investments } from "./tables.ts";

export type PackageRow = typeof investmentPackages.$inferSelect;
export type NewPackage = typeof investmentPackages.$inferInsert;
export type InvestmentRow = typeof investments.$inferSelect;
export type NewInvestment = typeof investments.$inferInsert;
export type InvestmentWithPackage = InvestmentRow & { packageSlug: string; packageName: string };

// ---------------------------------------------------------------------------------------------
// Packages.
// ---------------------------------------------------------------------------------------------

export async function listPackages(db: Executor, opts: { activeOnly: boolean }) {
  return db
    .select()
    .from(investmentPackages)
    .where(opts.activeOnly ? eq(investmentPackages.active, true) : undefined)
    .orderBy(asc(investmentPackages.sortOrder), asc(investmentPackages.minAmount), asc(investmentPackages.slug));
}

export async function packageCounts(db: Executor) {
  const rows = await db
    .select({ packageId: investments.packageId, n: count() })
    .from(investments)
    .groupBy(investments.packageId);
  return new Map(rows.map((r) => [r.packageId, r.n]));
}

export async function findPackageBySlug(db: Executor, slug: string) {
  const [row] = await db.select().from(investmentPackages).where(eq(investmentPackages.slug, slug));
  return row ?? null;
}

/** The package row, locked against concurrent edits (and a purchase racing an edit). */
export async function findPackageById(db: Executor, id: string, opts: { forUpdate?: boolean } = {}) {
  const query = db.select().from(investmentPackages).where(eq(investmentPackages.id, id));
  const [row] = opts.forUpdate ? await query.for("update") : await query;
  return row ?? null;
}

export async function countInvestmentsOfPackage(db: Executor, packageId: string) {
  const [row] = await db.select({ n: count() }).from(investments).where(eq(investments.packageId, packageId));
  return row?.n ?? 0;
}

export async function insertPackage(db: Executor, row: NewPackage) {
  const [inserted] = await db.insert(investmentPackages).values(row).returning();
  if (!inserted) throw new Error("investments: package insert returned nothing");
  return inserted;
}

export const updatePackage = (db: Executor, id: string, values: Partial<NewPackage>) =>
  updateTouched(db, investmentPackages, eq(investmentPackages.id, id), values);

export async function deletePackage(db: Executor, id: string) {
  await db.delete(investmentPackages).where(eq(investmentPackages.id, id));
}

// ---------------------------------------------------------------------------------------------
// Investments.
// ---------------------------------------------------------------------------------------------

const withPackage = {
  investment: investments,
  packageSlug: investmentPackages.slug,
  packageName: investmentPackages.name,
};
const flatten = (r: {
  investment: InvestmentRow;
  packageSlug: string;
  packageName: string;
}): InvestmentWithPackage => ({
  ...r.investment,
  packageSlug: r.packageSlug,
  packageName: r.packageName,
});

export async function insertInvestment(db: Executor, row: NewInvestment) {
  const [inserted] = await db.insert(investments).values(row).returning();
  if (!inserted) throw new Error("investments: insert returned nothing");
  return inserted;
}

export async function findInvestment(db: Executor, id: string): Promise<InvestmentWithPackage | null> {
  const [row] = await db
    .select(withPackage)
    .from(investments)
    .innerJoin(investmentPackages, eq(investmentPackages.id, investments.packageId))
    .where(eq(investments.id, id));
  return row ? flatten(row) : null;
}

export async function findByRequestKey(db: Executor, userId: string, requestKey: string) {
  const [row] = await db
    .select({ id: investments.id })
    .from(investments)
    .where(and(eq(investments.userId, userId), eq(investments.requestKey, requestKey)));
  return row?.id ?? null;
}

export type InvestmentWhere = { userId?: string; packageId?: string; status?: string };
const whereOf = (f: InvestmentWhere): SQL | undefined =>
  and(
    f.userId ? eq(investments.userId, f.userId) : undefined,
    f.packageId ? eq(investments.packageId, f.packageId) : undefined,
    f.status ? eq(investments.status, f.status) : undefined,
  );

export async function listInvestments(db: Executor, f: InvestmentWhere, page: { limit: number; offset: number }) {
  const rows = await db
    .select({ ...withPackage, member: memberRefColumns })
    .from(investments)
    .innerJoin(investmentPackages, eq(investmentPackages.id, investments.packageId))
    .innerJoin(user, eq(user.id, investments.userId))
    .where(whereOf(f))
    .orderBy(desc(investments.createdAt), desc(investments.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((r) => ({ ...flatten(r), member: r.member }));
}

export async function investmentTotals(db: Executor, f: InvestmentWhere) {
  const [row] = await db
    .select({
      count: count(),
      amount: sql<string>`coalesce(sum(${investments.amount}), 0)::text`,
      profit: sql<string>`coalesce(sum(${investments.profitPaid}), 0)::text`,
    })
    .from(investments)
    .where(whereOf(f));
  return {
    count: row?.count ?? 0,
    amountMicrocents: BigInt(row?.amount ?? 0),
    profitPaidMicrocents: BigInt(row?.profit ?? 0),
  };
}

/** Active capital, profit paid so far, and capital returning between `from` and `until`. */
export async function investmentFigures(db: Executor, from: Date, until: Date) {
  const [row] = await db
    .select({
      activeCount: sql<number>`count(*) filter (where ${investments.status} = 'active')::int`,
      invested: sql<string>`coalesce(sum(${investments.amount}) filter (where ${investments.status} = 'active'), 0)::text`,
      profit: sql<string>`coalesce(sum(${investments.profitPaid}), 0)::text`,
      dueCount: sql<number>`count(*) filter (where ${investments.status} = 'active' and ${investments.capitalReturn} and ${investments.maturesAt} between ${from.toISOString()}::timestamptz and ${until.toISOString()}::timestamptz)::int`,
      due: sql<string>`coalesce(sum(${investments.amount}) filter (where ${investments.status} = 'active' and ${investments.capitalReturn} and ${investments.maturesAt} between ${from.toISOString()}::timestamptz and ${until.toISOString()}::timestamptz), 0)::text`,
    })
    .from(investments);
  return {
    activeCount: Number(row?.activeCount ?? 0),
    investedCapitalMicrocents: BigInt(row?.invested ?? 0),
    profitPaidMicrocents: BigInt(row?.profit ?? 0),
    maturingNext7Days: Number(row?.dueCount ?? 0),
    capitalDueNext7DaysMicrocents: BigInt(row?.due ?? 0),
  };
}

// ---------------------------------------------------------------------------------------------
// Accrual.
// ---------------------------------------------------------------------------------------------

/**
 * Active investments with a period due at `now`, locked, with only what crediting them needs;
 * rows another worker holds are skipped, so any number of processes share the work and never
 * take the same investment.
 */
export async function lockDueInvestments(db: Executor, now: Date, limit: number) {
  return db
    .select({
      id: investments.id,
      reference: investments.reference,
      userId: investments.userId,
      amount: investments.amount,
      dailyRateBps: investments.dailyRateBps,
      durationPeriods: investments.durationPeriods,
      periodSeconds: investments.periodSeconds,
      capitalReturn: investments.capitalReturn,
      periodsPaid: investments.periodsPaid,
      profitPaid: investments.profitPaid,
      startedAt: investments.startedAt,
    })
    .from(investments)
    .where(and(eq(investments.status, "active"), lte(investments.nextAccrualAt, now)))
    .orderBy(investments.nextAccrualAt)
    .limit(limit)
    .for("update", { skipLocked: true });
}

export type AccrualUpdate = {
  id: string;
  /** periods_paid the row had when locked: the update only applies over that value. */
  fromPeriods: number;
  periodsPaid: number;
  profitPaid: bigint;
  nextAccrualAt: Date | null;
  status: string;
  maturedAt: Date | null;
};

/** Writes a batch's new progress in one statement; returns the ids it updated. */
export async function applyAccruals(db: Executor, updates: AccrualUpdate[]): Promise<string[]> {
  if (!updates.length) return [];
  // jsonText: profit_paid is a bigint, written as a string of digits that json_to_recordset reads as bigint.
  const json = jsonText(
    updates.map((u) => ({
      id: u.id,
      from_periods: u.fromPeriods,
      periods_paid: u.periodsPaid,
      profit_paid: u.profitPaid,
      next_accrual_at: u.nextAccrualAt?.toISOString() ?? null,
      status: u.status,
      matured_at: u.maturedAt?.toISOString() ?? null,
    })),
  );
  const rows = await queryRows<{ id: string }>(
    db,
    sql`
    update investments i
    set periods_paid = v.periods_paid, profit_paid = v.profit_paid, next_accrual_at = v.next_accrual_at,
        status = v.status, matured_at = v.matured_at
    from json_to_recordset(${json}::json) as v(id uuid, from_periods int, periods_paid int, profit_paid bigint,
      next_accrual_at timestamptz, status text, matured_at timestamptz)
    where i.id = v.id and i.status = 'active' and i.periods_paid = v.from_periods
    returning i.id`,
  );
  return rows.map((r) => r.id);
}

export async function memberStanding(db: Executor, userId: string) {
  const [row] = await db
    .select({ userBlock: user.userBlock, userStatus: user.userStatus })
    .from(user)
    .where(eq(user.id, userId));
  return row ?? null;
}

/**
 * What each of `uids` has invested in all (every investment bought), in microcents; a member who
 * has bought nothing is absent. The ids travel as one JSON parameter, however many there are.
 */
export async function investedByMembers(db: Executor, uids: readonly string[]): Promise<Map<string, bigint>> {
  if (uids.length === 0) return new Map();
  const rows = await queryRows<{ user_id: string; invested: string }>(
    db,
    sql`select i.user_id, sum(i.amount)::text as invested from investments i
        where i.user_id in (select jsonb_array_elements_text(${JSON.stringify(uids)}::jsonb))
        group by i.user_id`,
  );
  return new Map(rows.map((r) => [r.user_id, BigInt(r.invested)]));
}

/** The accrual worker's lag: active investments whose accrual is due at `now`, and the oldest one. */
export async function dueAccrualsLag(db: Executor, now: Date) {
  const [row] = await db
    .select({ due: count(), oldest: sql<Date | string | null>`min(${investments.nextAccrualAt})` })
    .from(investments)
    .where(and(eq(investments.status, "active"), lte(investments.nextAccrualAt, now)));
  return { due: row?.due ?? 0, oldestDueAt: row?.oldest ? new Date(row.oldest) : null };
}
