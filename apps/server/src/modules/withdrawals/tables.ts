import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, numeric, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { referencesUser } from "../../platform/auth/tables.ts";
import { createdAt, reviewColumns, timestamptz, updatedAt } from "../../platform/db/columns.ts";

/**
 * A withdrawal: `amount` left the wallet for withdrawal_hold when it was made. It waits for the
 * member to confirm it from the mail (`unconfirmed`, a single-use link until `confirmExpiresAt`)
 * before it reaches the queue (`pending`); on approval `net` goes to payouts and `fee` to fees, on
 * rejection, cancellation or expiry of the link the amount returns to the wallet.
 * The destination is the member's bank data as it was when requested, with what the operator
 * checks: whether its holder matches the approved KYC name and when the bank data last changed.
 */
export const withdrawals = pgTable(
  "withdrawals",
  {
    id: uuid("id").primaryKey(),
    userId: referencesUser("user_id", "restrict"),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    fee: bigint("fee", { mode: "bigint" }).notNull(),
    net: bigint("net", { mode: "bigint" }).notNull(),
    /**
     * The amount as the member typed it, in hundredths of `localCurrency`, and the rate it was
     * converted at as the rates are stored; all three null for a withdrawal asked in USD.
     */
    localAmount: numeric("local_amount", { precision: 30, scale: 0, mode: "bigint" }),
    localCurrency: text("local_currency"),
    localRate: text("local_rate"),
    status: text("status").notNull(),
    bankName: text("bank_name").notNull(),
    accountHolder: text("account_holder").notNull(),
    accountNumber: text("account_number").notNull(),
    swift: text("swift"),
    branch: text("branch"),
    requestKey: text("request_key"),
    payoutReference: text("payout_reference"),
    /** SHA-256 of the mail's confirmation token; cleared once used. */
    confirmTokenHash: text("confirm_token_hash"),
    confirmExpiresAt: timestamptz("confirm_expires_at"),
    confirmedAt: timestamptz("confirmed_at"),
    /** The approved KYC name when requested, and whether the account holder's name matches it. */
    kycName: text("kyc_name"),
    nameMismatch: boolean("name_mismatch").notNull().default(false),
    /** When the destination last changed before the request (null: never since it was added). */
    bankChangedAt: timestamptz("bank_changed_at"),
    /** Four eyes: who gave the first of the two approvals a large withdrawal needs, and when. */
    firstApprovedBy: text("first_approved_by"),
    firstApprovedAt: timestamptz("first_approved_at"),
    ...reviewColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("withdrawals_user_request_key").on(t.userId, t.requestKey),
    index("withdrawals_user_idx").on(t.userId, t.createdAt),
    index("withdrawals_status_idx").on(t.status, t.createdAt),
    index("withdrawals_unconfirmed_idx").on(t.confirmExpiresAt).where(sql`${t.status} = 'unconfirmed'`),
    check(
      "withdrawals_amounts",
      sql`${t.amount} > 0 and ${t.fee} >= 0 and ${t.net} > 0 and ${t.amount} = ${t.fee} + ${t.net}`,
    ),
    check(
      "withdrawals_local_whole",
      sql`(${t.localAmount} is null and ${t.localCurrency} is null and ${t.localRate} is null) or (${t.localAmount} > 0 and ${t.localCurrency} is not null and ${t.localRate} is not null)`,
    ),
    check(
      "withdrawals_status_known",
      sql`${t.status} in ('unconfirmed', 'pending', 'approved', 'rejected', 'cancelled', 'expired')`,
    ),
  ],
);
