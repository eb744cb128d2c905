import { pgTable, text } from "drizzle-orm/pg-core";
import { user } from "../../platform/auth/tables.ts";
import { createdAt, timestamptz, updatedAt } from "../../platform/db/columns.ts";

/**
 * The member's payout account; one per member. `changedAt` is when its destination (bank, holder
 * or number) last changed after it was first added: withdrawals wait a while after it.
 */
export const bankAccounts = pgTable("bank_accounts", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  bankName: text("bank_name").notNull(),
  accountHolder: text("account_holder").notNull(),
  accountNumber: text("account_number").notNull(),
  swift: text("swift"),
  branch: text("branch"),
  changedAt: timestamptz("changed_at"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
