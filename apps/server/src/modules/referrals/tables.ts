import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { user } from "../../platform/auth/tables.ts";

/**
 * One commission per purchase and level: paid (with its ledger transaction) or skipped (the
 * referrer was blocked or banned at the time, amount kept for the record).
 */
export const referralCommissions = pgTable(
  "referral_commissions",
  {
    id: uuid("id").primaryKey(),
    /** The purchase (an investment id). */
    investmentId: uuid("investment_id").notNull(),
    purchaserId: text("purchaser_id")
      .notNull()
      .references(() => user.id, { onDelete: "restrict" }),
    beneficiaryId: text("beneficiary_id")
      .notNull()
      .references(() => user.id, { onDelete: "restrict" }),
    level: integer("level").notNull(),
    rateBps: integer("rate_bps").notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    status: text("status").notNull(),
    transactionId: uuid("transaction_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("referral_commissions_investment_level").on(t.investmentId, t.level),
    index("referral_commissions_beneficiary_idx").on(t.beneficiaryId, t.level),
    check("referral_commissions_level", sql`${t.level} between 1 and 3`),
    check("referral_commissions_status", sql`${t.status} in ('paid', 'skipped')`),
  ],
);
