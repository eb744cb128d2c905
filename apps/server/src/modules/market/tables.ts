import { sql } from "drizzle-orm";
import { bigint, bigserial, check, index, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { timestamptz } from "../../platform/db/columns.ts";

/** Every recorded price (units of 1e-8 USDT); pruned after `tickRetentionHours`. */
export const marketTicks = pgTable(
  "market_ticks",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    symbol: text("symbol").notNull(),
    price: bigint("price", { mode: "number" }).notNull(),
    at: timestamp("at", { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [
    index("market_ticks_symbol_at_idx").on(t.symbol, t.at),
    check("market_ticks_price_positive", sql`${t.price} > 0`),
  ],
);

/** One-minute candles, upserted as ticks arrive; longer intervals are aggregated from these. */
export const marketCandles = pgTable(
  "market_candles",
  {
    symbol: text("symbol").notNull(),
    start: timestamptz("start").notNull(),
    open: bigint("open", { mode: "number" }).notNull(),
    high: bigint("high", { mode: "number" }).notNull(),
    low: bigint("low", { mode: "number" }).notNull(),
    close: bigint("close", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.symbol, t.start] })],
);
