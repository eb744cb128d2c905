import { text } from "./text.ts";
import {
  amountInputShape,
  amountMicrocentsSchema,
  memberRefSchema,
  microcentsSchema,
  mulDivHalfEven,
  pagedShape,
  pageQueryShape,
  refineOneAmount,
} from "./wallet.ts";
import { z } from "./zod.ts";

// ---------------------------------------------------------------------------------------------
// Profit arithmetic (bigint microcents, no floating point). The one place it is computed: the server
// credits it, the web previews it.
//
// Rule: the total profit of an investment is amount × dailyRateBps × periods ÷ 10,000, rounded
// ONCE to the microcent, half to even (PRODUCT.md §1). Each period pays floor(total ÷ periods); the
// last period also pays the remainder, so the schedule sums to the total exactly.
// ---------------------------------------------------------------------------------------------

/** Total profit in microcents over the whole term. */
export function investmentTotalProfit(amountMicrocents: bigint, dailyRateBps: number, periods: number): bigint {
  return mulDivHalfEven(amountMicrocents, dailyRateBps * periods, 10_000);
}

/** What period `period` (1-based) pays, in microcents. */
export function investmentPeriodProfit(
  amountMicrocents: bigint,
  dailyRateBps: number,
  periods: number,
  period: number,
): bigint {
  const total = investmentTotalProfit(amountMicrocents, dailyRateBps, periods);
  const each = total / BigInt(periods);
  return period === periods ? total - each * BigInt(periods - 1) : each;
}

/** Every period's profit, in order (sums to `investmentTotalProfit`). */
export function investmentSchedule(amountMicrocents: bigint, dailyRateBps: number, periods: number): bigint[] {
  return Array.from({ length: periods }, (_, i) =>
    investmentPeriodProfit(amountMicrocents, dailyRateBps, periods, i + 1),
  );
}

// ---------------------------------------------------------------------------------------------
// Packages.
// ---------------------------------------------------------------------------------------------

export const PACKAGE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const packageSlugSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(2, "At least 2 characters"),
    z.maxLength(60, "At most 60 characters"),
    z.regex(PACKAGE_SLUG, "Lowercase letters, digits and single hyphens, e.g. gold-30"),
  );

const microcents = microcentsSchema;

/** A package as members see it. `dailyRateBps`: profit per period in basis points (1.25 % = 125). */
export const investmentPackageSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  minMicrocents: microcents,
  maxMicrocents: microcents,
  dailyRateBps: z.int(),
  durationPeriods: z.int(),
  /** The capital returns to the wallet at maturity (false: the profit is the whole return). */
  capitalReturn: z.boolean(),
  sortOrder: z.int(),
  active: z.boolean(),
  /** Length of one period in seconds for an investment bought now (settings; 86,400 = a day). */
  periodSeconds: z.int(),
});
export type InvestmentPackage = z.infer<typeof investmentPackageSchema>;
export const investmentPackagesResponseSchema = z.array(investmentPackageSchema);

/** Back office: also how many investments use it (slug locked and no deletion once > 0). */
export const adminPackageSchema = z.extend(investmentPackageSchema, {
  investmentCount: z.int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminPackage = z.infer<typeof adminPackageSchema>;
export const adminPackagesResponseSchema = z.array(adminPackageSchema);

const moneyLimit = amountMicrocentsSchema;

/** POST /api/admin/packages and PUT /api/admin/packages/:id (the whole package). */
export const packageInputSchema = z
  .object({
    name: text().check(z.trim(), z.minLength(2, "At least 2 characters"), z.maxLength(80, "At most 80 characters")),
    slug: packageSlugSchema,
    description: z._default(
      text({ multiline: true }).check(z.trim(), z.maxLength(2000, "At most 2000 characters")),
      "",
    ),
    minMicrocents: moneyLimit,
    maxMicrocents: moneyLimit,
    dailyRateBps: z
      .number()
      .check(z.int("Whole basis points"), z.gte(1, "At least 1 (0.01 %)"), z.lte(10_000, "At most 10,000")),
    durationPeriods: z.number().check(z.int("Whole periods"), z.gte(1, "At least 1"), z.lte(3650, "At most 3650")),
    capitalReturn: z.boolean(),
    sortOrder: z._default(z.int().check(z.gte(0), z.lte(10_000)), 0),
    active: z._default(z.boolean(), true),
  })
  .check(
    z.superRefine((p, ctx) => {
      if (p.maxMicrocents < p.minMicrocents)
        ctx.addIssue({ code: "custom", path: ["maxMicrocents"], message: "Must be at least the minimum" });
    }),
  );
/** The package as the back office sends it and the server reads it: money as bigint microcents. */
export type PackageInput = z.output<typeof packageInputSchema>;

// ---------------------------------------------------------------------------------------------
// Investments.
// ---------------------------------------------------------------------------------------------

export const INVESTMENT_STATUSES = ["active", "matured", "cancelled"] as const;
export const investmentStatusSchema = z.enum(INVESTMENT_STATUSES);
export type InvestmentStatus = z.infer<typeof investmentStatusSchema>;

/**
 * POST /api/investments: `{ slug, amountMicrocents }` or `{ slug, amount: "12.34" }`, paid from the
 * wallet. Send an `Idempotency-Key` header to make a retry safe (201 first time, 200 replayed).
 */
export const buyInvestmentSchema = z
  .object({
    slug: text().check(z.trim(), z.minLength(1, "Choose a package"), z.maxLength(60)),
    ...amountInputShape,
  })
  .check(z.superRefine(refineOneAmount));
export type BuyInvestmentInput = z.input<typeof buyInvestmentSchema>;

/** An investment with the terms it was bought with (later package edits never change them). */
export const investmentSchema = z.object({
  id: z.string(),
  /** Printed on the invoice, e.g. INV-7F3K9Q2M. */
  reference: z.string(),
  package: z.object({ id: z.string(), slug: z.string(), name: z.string() }),
  amountMicrocents: microcents,
  dailyRateBps: z.int(),
  durationPeriods: z.int(),
  periodSeconds: z.int(),
  capitalReturn: z.boolean(),
  status: investmentStatusSchema,
  periodsPaid: z.int(),
  profitPaidMicrocents: microcents,
  totalProfitMicrocents: microcents,
  /** When the next period is credited; null once matured or cancelled. */
  nextAccrualAt: z.nullable(z.string()),
  /** Start + durationPeriods × periodSeconds. */
  maturesAt: z.string(),
  maturedAt: z.nullable(z.string()),
  startedAt: z.string(),
});
export type Investment = z.infer<typeof investmentSchema>;

export const investmentListQuerySchema = z.object({ status: z.optional(investmentStatusSchema), ...pageQueryShape });
export const investmentListResponseSchema = z.object({ items: z.array(investmentSchema), ...pagedShape });
export type InvestmentList = z.infer<typeof investmentListResponseSchema>;

export const buyInvestmentResponseSchema = z.object({ investment: investmentSchema, replayed: z.boolean() });
export type BuyInvestmentResponse = z.infer<typeof buyInvestmentResponseSchema>;

/** One period of the schedule: when it is due, what it pays, and whether (and when) it was credited. */
export const schedulePeriodSchema = z.object({
  period: z.int(),
  dueAt: z.string(),
  amountMicrocents: microcents,
  paid: z.boolean(),
  /** The ledger transaction's time, null while not credited. */
  paidAt: z.nullable(z.string()),
});
/** GET /api/investments/:id: the invoice. Another member's id is 404. */
export const investmentInvoiceSchema = z.extend(investmentSchema, {
  schedule: z.array(schedulePeriodSchema),
  /** What returns to the wallet at maturity (0 when the terms keep the capital). */
  capitalReturnMicrocents: microcents,
  /** The purchase's ledger transaction. */
  transactionId: z.nullable(z.string()),
});
export type InvestmentInvoice = z.infer<typeof investmentInvoiceSchema>;

/** WebSocket: one period of one of the member's investments was credited (balances follow in their own message). */
export const wsInvestmentAccruedSchema = z.object({
  type: z.literal("investment.accrued"),
  investmentId: z.string(),
  period: z.int(),
  amountMicrocents: microcents,
  periodsPaid: z.int(),
  durationPeriods: z.int(),
  profitPaidMicrocents: microcents,
  status: investmentStatusSchema,
  nextAccrualAt: z.nullable(z.string()),
  /** Capital returned to the wallet with this (last) period, 0 otherwise. */
  capitalReturnedMicrocents: microcents,
});
export type WsInvestmentAccrued = z.infer<typeof wsInvestmentAccruedSchema>;

// ---------------------------------------------------------------------------------------------
// Back office.
// ---------------------------------------------------------------------------------------------

export const adminInvestmentsQuerySchema = z.object({
  /** A package id. */
  packageId: z.optional(text().check(z.maxLength(64))),
  status: z.optional(investmentStatusSchema),
  /** A member's uid. */
  uid: z.optional(text().check(z.maxLength(64))),
  ...pageQueryShape,
});
export const adminInvestmentSchema = z.extend(investmentSchema, { member: memberRefSchema });
export type AdminInvestment = z.infer<typeof adminInvestmentSchema>;
export const investmentTotalsSchema = z.object({
  count: z.int(),
  amountMicrocents: microcents,
  profitPaidMicrocents: microcents,
});
export const adminInvestmentsResponseSchema = z.object({
  items: z.array(adminInvestmentSchema),
  ...pagedShape,
  /** Over every row the filter matches, not only this page. */
  totals: investmentTotalsSchema,
});
export type AdminInvestments = z.infer<typeof adminInvestmentsResponseSchema>;

/** GET /api/admin/investments/summary (also `investments` of the dashboard). */
export const adminInvestmentSummarySchema = z.object({
  activeCount: z.int(),
  /** Capital of active investments. */
  investedCapitalMicrocents: microcents,
  /** Every profit credit ever made. */
  profitPaidMicrocents: microcents,
  /** Every referral commission ever paid. */
  commissionsPaidMicrocents: microcents,
  /** Capital that returns to wallets at maturities within the next 7 days. */
  capitalDueNext7DaysMicrocents: microcents,
  maturingNext7Days: z.int(),
});
export type AdminInvestmentSummary = z.infer<typeof adminInvestmentSummarySchema>;
