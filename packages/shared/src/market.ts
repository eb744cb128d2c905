import { z } from "./zod.ts";

export { PAIR_SYMBOLS, PAIRS, type PairSymbol, pairOf } from "./pairs.ts";

import { PAIR_SYMBOLS } from "./pairs.ts";

export const pairSymbolSchema = z.enum(PAIR_SYMBOLS, { error: "Unknown pair" });

/** Prices are exact decimal strings (at most 8 decimals), never floats on the server. */
export const priceString = z.string().check(z.regex(/^\d+(\.\d{1,8})?$/));
/** Price scale: stored prices are integers of 1e-8 units. */
export const PRICE_DECIMALS = 8;

/** "95000.12" → 9500012000000 (units of 1e-8), exactly. */
export function priceToUnits(text: string): number | null {
  const m = /^(\d+)(?:\.(\d{1,8}))?$/.exec(text.trim());
  if (!m) {
    // Exchanges may send more than 8 decimals: truncate the tail.
    const long = /^(\d+)\.(\d+)$/.exec(text.trim());
    if (!long) return null;
    return priceToUnits(`${long[1]}.${(long[2] ?? "").slice(0, PRICE_DECIMALS)}`);
  }
  const units = BigInt(m[1] ?? "0") * 10n ** 8n + BigInt((m[2] ?? "").padEnd(8, "0"));
  return units > BigInt(Number.MAX_SAFE_INTEGER) ? null : Number(units);
}
/** 9500012000000 → "95000.12" (trailing zeros trimmed, at least 2 decimals). */
export function unitsToPrice(units: number): string {
  const v = BigInt(units);
  const whole = v / 100_000_000n;
  let frac = (v % 100_000_000n).toString().padStart(8, "0").replace(/0+$/, "");
  if (frac.length < 2) frac = frac.padEnd(2, "0");
  return `${whole}.${frac}`;
}

export const tickSchema = z.object({ symbol: pairSymbolSchema, price: priceString, at: z.iso.datetime() });
export type Tick = z.infer<typeof tickSchema>;

export const pairQuoteSchema = z.object({
  symbol: pairSymbolSchema,
  name: z.string(),
  label: z.string(),
  price: z.nullable(priceString),
  at: z.nullable(z.iso.datetime()),
  /** 24h change in percent, 2 decimals, e.g. "-1.25". */
  change24h: z.nullable(z.string()),
  high24h: z.nullable(priceString),
  low24h: z.nullable(priceString),
  stale: z.boolean(),
});
export type PairQuote = z.infer<typeof pairQuoteSchema>;
export const pairsResponseSchema = z.array(pairQuoteSchema);

export const CANDLE_INTERVALS = ["1m", "5m", "15m", "1h"] as const;
export type CandleInterval = (typeof CANDLE_INTERVALS)[number];
export const INTERVAL_SECONDS: Record<CandleInterval, number> = { "1m": 60, "5m": 300, "15m": 900, "1h": 3600 };
export const candlesQuerySchema = z.object({
  interval: z._default(z.enum(CANDLE_INTERVALS, { error: "One of 1m, 5m, 15m, 1h" }), "1m"),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(1000)), 300),
});
export const candleSchema = z.object({
  /** Bucket start, seconds since the epoch (UTC). */
  time: z.int(),
  open: priceString,
  high: priceString,
  low: priceString,
  close: priceString,
});
export type Candle = z.infer<typeof candleSchema>;
export const candlesResponseSchema = z.object({
  symbol: pairSymbolSchema,
  interval: z.enum(CANDLE_INTERVALS),
  candles: z.array(candleSchema),
});
export type CandlesResponse = z.infer<typeof candlesResponseSchema>;
export const symbolParamsSchema = z.object({
  symbol: z.pipe(
    z.pipe(
      z.string(),
      z.transform((s) => s.toUpperCase()),
    ),
    pairSymbolSchema,
  ),
});

/** WebSocket: the latest tick of each pair that moved, once a second, to everyone. */
export const wsTicksSchema = z.object({ type: z.literal("ticks"), ticks: z.array(tickSchema) });
