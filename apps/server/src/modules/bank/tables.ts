import { pgTable, text } from "drizzle-orm/pg-core";
import { user } from "../../platform/auth/tables.ts";
import { createdAt, updatedAt } from "../../platform/db/columns.ts";

/** The member's payout account; one per member. */
export const bankAccounts = pgTable("bank_accounts", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  bankName: text("bank_name").notNull(),
  accountHolder: text("account_holder").notNull(),
  accountNumber: text("account_number").notNull(),
  swift: text("swift"),
  branch: text("branch"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
