import type { Settings } from "@helio/shared";
import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { user } from "../../platform/auth/tables.ts";

/** A deposit invoice: the member's promise to transfer `amount`; the wallet is credited on approval. */
export const depositInvoices = pgTable(
  "deposit_invoices",
  {
    id: uuid("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "restrict" }),
    reference: text("reference").notNull().unique(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    status: text("status").notNull(),
    instructions: jsonb("instructions").$type<Settings["transferInstructions"]>().notNull(),
    /** The Idempotency-Key of the request that made it (unique per member). */
    requestKey: text("request_key"),
    proofKey: text("proof_key"),
    proofType: text("proof_type"),
    proofName: text("proof_name"),
    proofSize: integer("proof_size"),
    proofUploadedAt: timestamp("proof_uploaded_at", { withTimezone: true }),
    reason: text("reason"),
    reviewedBy: text("reviewed_by"),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("deposit_invoices_user_request_key").on(t.userId, t.requestKey),
    index("deposit_invoices_user_idx").on(t.userId, t.createdAt),
    index("deposit_invoices_status_idx").on(t.status, t.expiresAt),
    check("deposit_invoices_amount_positive", sql`${t.amount} > 0`),
    check(
      "deposit_invoices_status_known",
      sql`${t.status} in ('awaiting_payment', 'proof_submitted', 'approved', 'rejected', 'expired')`,
    ),
  ],
);
