import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { referencesUser } from "../../platform/auth/tables.ts";
import { createdAt, timestamptz, updatedAt } from "../../platform/db/columns.ts";

/**
 * Four eyes on a large balance adjustment: the request one staff member made, waiting for another's
 * approval (then the movement is posted, `transaction_id`) or rejected. `request_key` is the
 * Idempotency-Key it was made with, so a repeated request finds it.
 */
export const adjustmentRequests = pgTable(
  "adjustment_requests",
  {
    id: uuid("id").primaryKey(),
    userId: referencesUser("user_id", "restrict"),
    account: text("account").notNull(),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    reason: text("reason").notNull(),
    requestKey: text("request_key").notNull(),
    requestedBy: text("requested_by").notNull(),
    status: text("status").notNull(),
    decidedBy: text("decided_by"),
    decidedAt: timestamptz("decided_at"),
    rejectReason: text("reject_reason"),
    transactionId: text("transaction_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("adjustment_requests_user_request_key").on(t.userId, t.requestKey),
    index("adjustment_requests_status_idx").on(t.status, t.createdAt),
    check("adjustment_requests_status_known", sql`${t.status} in ('awaiting_second_approval', 'approved', 'rejected')`),
  ],
);
