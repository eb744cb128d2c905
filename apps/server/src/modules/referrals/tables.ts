import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { referencesUser } from "../../platform/auth/tables.ts";
import { createdAt } from "../../platform/db/columns.ts";

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
    purchaserId: referencesUser("purchaser_id", "restrict"),
    beneficiaryId: referencesUser("beneficiary_id", "restrict"),
    level: integer("level").notNull(),
    rateBps: integer("rate_bps").notNull(),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    status: text("status").notNull(),
    transactionId: uuid("transaction_id"),
    createdAt: createdAt(),
  },
  (t) => [
    unique("referral_commissions_investment_level").on(t.investmentId, t.level),
    index("referral_commissions_beneficiary_idx").on(t.beneficiaryId, t.level),
    check("referral_commissions_level", sql`${t.level} between 1 and 3`),
    check("referral_commissions_status", sql`${t.status} in ('paid', 'skipped')`),
  ],
);
