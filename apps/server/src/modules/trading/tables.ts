import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { referencesUser } from "../../platform/auth/tables.ts";
import { createdAt, timestamptz } from "../../platform/db/columns.ts";

/** A fixed-time contract: stake taken at placement, settled once at expiry by the worker. */
export const tradeContracts = pgTable(
  "trade_contracts",
  {
    id: uuid("id").primaryKey(),
    userId: referencesUser("user_id", "restrict"),
    symbol: text("symbol").notNull(),
    direction: text("direction").notNull(),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    /** wallet (Real) or demo (Free). */
    account: text("account").notNull(),
    payoutPercent: integer("payout_percent").notNull(),
    durationSeconds: integer("duration_seconds").notNull(),
    entryPrice: bigint("entry_price", { mode: "number" }).notNull(),
    entryAt: timestamp("entry_at", { withTimezone: true, precision: 3 }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, precision: 3 }).notNull(),
    status: text("status").notNull().default("open"),
    result: text("result"),
    exitPrice: bigint("exit_price", { mode: "number" }),
    payout: bigint("payout", { mode: "bigint" }),
    settledAt: timestamptz("settled_at"),
    requestKey: text("request_key"),
    createdAt: createdAt(),
  },
  (t) => [
    unique("trade_contracts_user_request_key").on(t.userId, t.requestKey),
    index("trade_contracts_user_idx").on(t.userId, t.status, t.createdAt),
    index("trade_contracts_due_idx").on(t.status, t.expiresAt),
    check("trade_contracts_amount_positive", sql`${t.amount} > 0`),
    check("trade_contracts_status_known", sql`${t.status} in ('open', 'settled')`),
    check("trade_contracts_direction_known", sql`${t.direction} in ('up', 'down')`),
    check("trade_contracts_account_known", sql`${t.account} in ('wallet', 'demo')`),
    check("trade_contracts_result_known", sql`${t.result} is null or ${t.result} in ('win', 'loss', 'equal', 'void')`),
  ],
);
