import { sql } from "drizzle-orm";
import { bigint, bigserial, check, index, pgTable, smallint, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { user } from "../../platform/auth/tables.ts";

/**
 * One row per account: a member's (user_id set) or the platform's (user_id null). The balance is
 * the running sum of the account's entries, kept in the same transaction; member balances can
 * never go below zero, whatever the application does.
 *
 * A platform account is spread over up to SYSTEM_SHARDS rows (`shard`), so that movements of
 * different members do not all queue for one hot row lock; its balance is the sum of its shards.
 * A member account always has exactly one row (shard 0).
 */
export const balances = pgTable(
  "balances",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id").references(() => user.id, { onDelete: "restrict" }),
    account: text("account").notNull(),
    balance: bigint("balance", { mode: "bigint" }).notNull().default(0n),
    shard: smallint("shard").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("balances_owner_account_key").on(t.userId, t.account, t.shard).nullsNotDistinct(),
    check("balances_member_non_negative", sql`${t.userId} is null or ${t.balance} >= 0`),
    check("balances_member_one_row", sql`${t.userId} is null or ${t.shard} = 0`),
  ],
);

/** A movement: two or more entries summing to zero. Immutable (a trigger refuses updates and deletes). */
export const ledgerTransactions = pgTable(
  "ledger_transactions",
  {
    id: uuid("id").primaryKey(),
    kind: text("kind").notNull(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    referenceType: text("reference_type"),
    referenceId: text("reference_id"),
    actorId: text("actor_id"),
    memo: text("memo"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("ledger_transactions_reference_idx").on(t.referenceType, t.referenceId)],
);

export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    transactionId: uuid("transaction_id")
      .notNull()
      .references(() => ledgerTransactions.id),
    balanceId: bigint("balance_id", { mode: "number" })
      .notNull()
      .references(() => balances.id),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    balanceAfter: bigint("balance_after", { mode: "bigint" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("ledger_entries_balance_idx").on(t.balanceId, t.id),
    index("ledger_entries_transaction_idx").on(t.transactionId),
    check("ledger_entries_amount_nonzero", sql`${t.amount} <> 0`),
  ],
);
