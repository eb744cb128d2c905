import type { Settings } from "@helio/shared";
import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, numeric, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { referencesUser } from "../../platform/auth/tables.ts";
import { createdAt, reviewColumns, timestamptz, updatedAt } from "../../platform/db/columns.ts";

/** A deposit invoice: the member's promise to transfer `amount`; the wallet is credited on approval. */
export const depositInvoices = pgTable(
  "deposit_invoices",
  {
    id: uuid("id").primaryKey(),
    userId: referencesUser("user_id", "restrict"),
    reference: text("reference").notNull().unique(),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    /**
     * The amount to transfer as the member typed it, in hundredths of `localCurrency` (500,000.00
     * IDR is 50000000), and the rate it was converted at as the rates are stored ("16250"); all
     * three null for an invoice made in USD (and for those made before they were kept).
     */
    localAmount: numeric("local_amount", { precision: 30, scale: 0, mode: "bigint" }),
    localCurrency: text("local_currency"),
    localRate: text("local_rate"),
    status: text("status").notNull(),
    instructions: jsonb("instructions").$type<Settings["transferInstructions"]>().notNull(),
    /** The Idempotency-Key of the request that made it (unique per member). */
    requestKey: text("request_key"),
    proofKey: text("proof_key"),
    proofType: text("proof_type"),
    proofName: text("proof_name"),
    proofSize: integer("proof_size"),
    proofUploadedAt: timestamptz("proof_uploaded_at"),
    ...reviewColumns(),
    expiresAt: timestamptz("expires_at").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("deposit_invoices_user_request_key").on(t.userId, t.requestKey),
    index("deposit_invoices_user_idx").on(t.userId, t.createdAt),
    index("deposit_invoices_status_idx").on(t.status, t.expiresAt),
    check("deposit_invoices_amount_positive", sql`${t.amount} > 0`),
    check(
      "deposit_invoices_local_whole",
      sql`(${t.localAmount} is null and ${t.localCurrency} is null and ${t.localRate} is null) or (${t.localAmount} > 0 and ${t.localCurrency} is not null and ${t.localRate} is not null)`,
    ),
    check(
      "deposit_invoices_status_known",
      sql`${t.status} in ('awaiting_payment', 'proof_submitted', 'approved', 'rejected', 'expired')`,
    ),
  ],
);
