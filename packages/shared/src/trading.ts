import { pairSymbolSchema, priceString } from "./market.ts";
import type { TradingMode } from "./member.ts";
import { text } from "./text.ts";
import { amountInputShape, microcentsSchema, refineOneAmount } from "./wallet.ts";
import { z } from "./zod.ts";

export const TRADE_DURATIONS = [30, 60, 300, 900, 1800, 3600] as const;
export const DURATION_LABELS: Record<number, string> = {
  30: "30 s",
  60: "1 m",
  300: "5 m",
  900: "15 m",
  1800: "30 m",
  3600: "1 h",
};
export const tradeDirectionSchema = z.enum(["up", "down"], { error: "Choose up or down" });
export type TradeDirection = z.infer<typeof tradeDirectionSchema>;
export const TRADE_RESULTS = ["win", "loss", "equal", "void"] as const;
export const tradeResultSchema = z.enum(TRADE_RESULTS);
export type TradeResult = z.infer<typeof tradeResultSchema>;

/**
 * POST /api/trades: the pair, the direction, the duration and the stake, named as every money
 * request names an amount (`amountMicrocents`, `amount` in USD, or `local` in the member's currency).
 */
export const placeTradeSchema = z
  .object({
    symbol: z.pipe(
      z.pipe(
        z.string({ error: "Choose a pair" }),
        z.transform((s) => s.toUpperCase()),
      ),
      pairSymbolSchema,
    ),
    direction: tradeDirectionSchema,
    ...amountInputShape,
    // Under 30 s only where a test server offers its short contract: the server checks that.
    durationSeconds: z.number({ error: "Choose a duration" }).check(
      z.int(),
      z.refine(
        (d) => (TRADE_DURATIONS as readonly number[]).includes(d) || (d >= 1 && d < TRADE_DURATIONS[0]),
        "One of 30, 60, 300, 900, 1800, 3600 seconds",
      ),
    ),
  })
  .check(z.superRefine(refineOneAmount));
export type PlaceTrade = z.infer<typeof placeTradeSchema>;
export type PlaceTradeInput = z.input<typeof placeTradeSchema>;

export const tradeContractSchema = z.object({
  id: z.string(),
  symbol: pairSymbolSchema,
  direction: tradeDirectionSchema,
  amountMicrocents: microcentsSchema,
  /** Which balance paid: wallet (Real) or demo (Free). */
  account: z.enum(["wallet", "demo"]),
  payoutPercent: z.int(),
  durationSeconds: z.int(),
  entryPrice: priceString,
  entryAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  status: z.enum(["open", "settled"]),
  result: z.nullable(tradeResultSchema),
  exitPrice: z.nullable(priceString),
  /** What was paid back at settlement (0 for a loss), null while open. */
  payoutMicrocents: z.nullable(microcentsSchema),
  settledAt: z.nullable(z.iso.datetime()),
  createdAt: z.iso.datetime(),
});
export type TradeContract = z.infer<typeof tradeContractSchema>;

/**
 * The money a contract is in, as members name it: `real` (the wallet, shown "Real") or `practice`
 * (demo money, the "Free" mode). A filter, never a sum: Real and Practice figures are never added.
 */
export const contractModeSchema = z.enum(["real", "practice"], { error: "Choose real or practice" });
export const modeOfAccount = (account: "wallet" | "demo"): TradingMode => (account === "wallet" ? "real" : "practice");
export const accountOfMode = (mode: TradingMode): "wallet" | "demo" => (mode === "real" ? "wallet" : "demo");

/** GET /api/trades/open: one mode's running contracts (both when left out). */
export const openTradesQuerySchema = z.object({ mode: z.optional(contractModeSchema) });
export type OpenTradesQuery = z.input<typeof openTradesQuerySchema>;

export const openTradeSchema = z.extend(tradeContractSchema, {
  currentPrice: z.nullable(priceString),
  /** Whether the contract would win if it expired now (null: equal or no price). */
  winning: z.nullable(z.boolean()),
});
export type OpenTrade = z.infer<typeof openTradeSchema>;
export const openTradesResponseSchema = z.array(openTradeSchema);

/** A real calendar day (2026-13-45 and 2026-02-30 are refused here, not by the database). */
const day = z.iso.date("A date like 2026-01-31");
export const tradeHistoryQuerySchema = z.object({
  symbol: z.optional(
    z.pipe(
      z.pipe(
        z.string(),
        z.transform((s) => s.toUpperCase()),
      ),
      pairSymbolSchema,
    ),
  ),
  result: z.optional(tradeResultSchema),
  /** One mode's contracts and totals; the member's current mode when left out. */
  mode: z.optional(contractModeSchema),
  from: z.optional(day),
  to: z.optional(day),
  page: z._default(z.coerce.number().check(z.int(), z.gte(1)), 1),
  pageSize: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 20),
});
export type TradeHistoryQuery = z.input<typeof tradeHistoryQuerySchema>;
/** The history as CSV: the same filters, every row (no paging). */
export const tradeHistoryCsvQuerySchema = z.omit(tradeHistoryQuerySchema, { page: true, pageSize: true });
export const tradeTotalsSchema = z.object({
  count: z.int(),
  /** Profit of winning contracts (payout − stake), microcents. */
  wonMicrocents: microcentsSchema,
  /** Stakes of losing contracts, microcents. */
  lostMicrocents: microcentsSchema,
  netMicrocents: microcentsSchema,
});
export const tradeHistoryResponseSchema = z.object({
  items: z.array(tradeContractSchema),
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
  /** The mode listed and totalled: Real and Practice are never added together. */
  mode: contractModeSchema,
  totals: tradeTotalsSchema,
});
export type TradeHistoryResponse = z.infer<typeof tradeHistoryResponseSchema>;

export const tradeConfigSchema = z.object({
  minMicrocents: microcentsSchema,
  maxMicrocents: microcentsSchema,
  durations: z.array(z.int()),
  openLimit: z.int(),
  payouts: z.record(z.string(), z.int()),
  /** One-tap stakes, USD microcents, within min and max. */
  amountPresetsMicrocents: z.array(microcentsSchema),
});
export type TradeConfig = z.infer<typeof tradeConfigSchema>;

export const adminTradesQuerySchema = z.object({
  status: z.optional(z.enum(["open", "settled"])),
  uid: z.optional(text().check(z.maxLength(100))),
  page: z._default(z.coerce.number().check(z.int(), z.gte(1)), 1),
  pageSize: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 50),
});
export const adminTradeSchema = z.extend(tradeContractSchema, {
  userId: z.string(),
  /** Who placed it, so the back office can name them without a lookup per row. */
  member: z.object({ fullName: z.string(), userName: z.string() }),
});
export const adminTradesResponseSchema = z.object({
  items: z.array(adminTradeSchema),
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
});
/**
 * One side of the house result, microcents, from the ledger's `trading_house` account: stakes taken
 * (open contracts included, as the account holds them) minus payouts made; positive = the house is ahead.
 */
const houseTotalsSchema = z.object({
  stakesMicrocents: microcentsSchema,
  payoutsMicrocents: microcentsSchema,
  resultMicrocents: microcentsSchema,
  open: z.int(),
});
export const houseResultSchema = z.object({ real: houseTotalsSchema, demo: houseTotalsSchema });

/** WebSocket: one of the member's contracts settled. */
export const wsTradeSettledSchema = z.object({ type: z.literal("trade.settled"), contract: tradeContractSchema });

/** Open Real contracts of one pair and direction: how many, their stakes, what they pay if they win. */
export const exposureSideSchema = z.object({
  contracts: z.int(),
  stakeMicrocents: microcentsSchema,
  worstCasePayoutMicrocents: microcentsSchema,
});
/**
 * GET /api/admin/trades/exposure: the house's exposure, live, per pair: the open Real stakes up and
 * down, the worst case (every open contract wins) and the pair's cap (null: none).
 */
export const houseExposureSchema = z.object({
  pairs: z.array(
    z.object({
      symbol: z.string(),
      up: exposureSideSchema,
      down: exposureSideSchema,
      worstCasePayoutMicrocents: microcentsSchema,
      capMicrocents: z.nullable(microcentsSchema),
    }),
  ),
  worstCasePayoutMicrocents: microcentsSchema,
  at: z.string(),
});
export type HouseExposure = z.infer<typeof houseExposureSchema>;
