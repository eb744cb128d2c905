import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { referencesUser } from "../../platform/auth/tables.ts";
import { createdAt, updatedAt } from "../../platform/db/columns.ts";

/** What members can buy. Admin-managed; never deleted once invested in (only deactivated). */
export const investmentPackages = pgTable(
  "investment_packages",
  {
    id: uuid("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    minAmount: bigint("min_amount", { mode: "bigint" }).notNull(),
    maxAmount: bigint("max_amount", { mode: "bigint" }).notNull(),
    /** Profit per period in basis points (1.25 % = 125). */
    dailyRateBps: integer("daily_rate_bps").notNull(),
    durationPeriods: integer("duration_periods").notNull(),
    capitalReturn: boolean("capital_return").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("investment_packages_limits", sql`${t.minAmount} > 0 and ${t.maxAmount} >= ${t.minAmount}`),
    check("investment_packages_rate", sql`${t.dailyRateBps} > 0 and ${t.durationPeriods} > 0`),
  ],
);

/**
 * One purchase. The terms (rate, periods, period length, capital return) are copied from the
 * package at purchase, so later package edits never change what a member bought. The accrual
 * worker advances `periods_paid` and `next_accrual_at` in the same transaction as the ledger
 * credits.
 */
export const investments = pgTable(
  "investments",
  {
    id: uuid("id").primaryKey(),
    reference: text("reference").notNull().unique(),
    userId: referencesUser("user_id", "restrict"),
    packageId: uuid("package_id")
      .notNull()
      .references(() => investmentPackages.id, { onDelete: "restrict" }),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    dailyRateBps: integer("daily_rate_bps").notNull(),
    durationPeriods: integer("duration_periods").notNull(),
    periodSeconds: integer("period_seconds").notNull(),
    capitalReturn: boolean("capital_return").notNull(),
    status: text("status").notNull().default("active"),
    periodsPaid: integer("periods_paid").notNull().default(0),
    profitPaid: bigint("profit_paid", { mode: "bigint" }).notNull().default(0n),
    startedAt: timestamp("started_at", { withTimezone: true, precision: 3 }).notNull(),
    /** null once matured or cancelled. */
    nextAccrualAt: timestamp("next_accrual_at", { withTimezone: true, precision: 3 }),
    maturesAt: timestamp("matures_at", { withTimezone: true, precision: 3 }).notNull(),
    maturedAt: timestamp("matured_at", { withTimezone: true, precision: 3 }),
    transactionId: uuid("transaction_id"),
    requestKey: text("request_key"),
    createdAt: createdAt(),
  },
  (t) => [
    unique("investments_user_request_key").on(t.userId, t.requestKey),
    index("investments_user_idx").on(t.userId, t.createdAt),
    index("investments_package_idx").on(t.packageId),
    index("investments_due_idx").on(t.nextAccrualAt).where(sql`${t.status} = 'active'`),
    check("investments_amount_positive", sql`${t.amount} > 0`),
    check("investments_status_known", sql`${t.status} in ('active', 'matured', 'cancelled')`),
    check("investments_periods_range", sql`${t.periodsPaid} >= 0 and ${t.periodsPaid} <= ${t.durationPeriods}`),
  ],
);
