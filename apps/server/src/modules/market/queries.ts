import { type AnyColumn, and, desc, eq, lt, lte, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { queryRows } from "../../db/rows.ts";
import { marketCandles, marketTicks } from "./tables.ts";

export type TickRow = { symbol: string; price: number; at: Date };

/** Writes ticks and folds them into their 1-minute candles (one upsert per symbol-minute). */
export async function insertTicks(db: Executor, ticks: TickRow[]) {
  if (!ticks.length) return;
  await db.insert(marketTicks).values(ticks);
  const candles = new Map<
    string,
    { symbol: string; start: Date; open: number; high: number; low: number; close: number }
  >();
  for (const t of [...ticks].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    const start = new Date(Math.floor(t.at.getTime() / 60_000) * 60_000);
    const key = `${t.symbol}:${start.getTime()}`;
    const c = candles.get(key);
    if (!c) candles.set(key, { symbol: t.symbol, start, open: t.price, high: t.price, low: t.price, close: t.price });
    else {
      c.high = Math.max(c.high, t.price);
      c.low = Math.min(c.low, t.price);
      c.close = t.price;
    }
  }
  await db
    .insert(marketCandles)
    .values([...candles.values()])
    .onConflictDoUpdate({
      target: [marketCandles.symbol, marketCandles.start],
      set: {
        high: sql`greatest(${marketCandles.high}, excluded.high)`,
        low: sql`least(${marketCandles.low}, excluded.low)`,
        close: sql`excluded.close`,
      },
    });
}

/** The newest tick of each symbol (one index probe per symbol). */
export async function latestTicks(db: Executor, symbols: readonly string[]): Promise<TickRow[]> {
  const rows = await queryRows<{ symbol: string; price: string | number; at: string | Date }>(
    db,
    sql`
    select s.symbol, t.price, t.at
    from unnest(${sql.raw(`array[${symbols.map((s) => `'${s.replace(/[^A-Z]/g, "")}'`).join(",")}]::text[]`)}) as s(symbol)
    cross join lateral (
      select price, at from market_ticks m where m.symbol = s.symbol order by at desc limit 1
    ) t`,
  );
  return rows.map((r) => ({ symbol: r.symbol, price: Number(r.price), at: new Date(r.at) }));
}

/** The last tick of a symbol at or before an instant. */
export async function tickAtOrBefore(db: Executor, symbol: string, at: Date): Promise<TickRow | null> {
  const [row] = await db
    .select({ symbol: marketTicks.symbol, price: marketTicks.price, at: marketTicks.at })
    .from(marketTicks)
    .where(and(eq(marketTicks.symbol, symbol), lte(marketTicks.at, at)))
    .orderBy(desc(marketTicks.at))
    .limit(1);
  return row ?? null;
}

/** 24h statistics per symbol from the 1-minute candles: opening price, high, low. */
export async function stats24h(db: Executor, since: Date) {
  const rows = await queryRows<{ symbol: string; open: string | number; high: string | number; low: string | number }>(
    db,
    sql`
    select symbol,
      (array_agg(open order by start asc))[1] as open,
      max(high) as high, min(low) as low
    from market_candles where start >= ${since.toISOString()}::timestamptz
    group by symbol`,
  );
  return rows.map((r) => ({ symbol: r.symbol, open: Number(r.open), high: Number(r.high), low: Number(r.low) }));
}

/** The newest `limit` candles of `seconds` length, aggregated from 1-minute candles, oldest first. */
export async function candles(db: Executor, symbol: string, seconds: number, limit: number) {
  if (seconds === 60) {
    const rows = await db
      .select()
      .from(marketCandles)
      .where(eq(marketCandles.symbol, symbol))
      .orderBy(desc(marketCandles.start))
      .limit(limit);
    return rows.reverse().map((r) => ({ start: r.start, open: r.open, high: r.high, low: r.low, close: r.close }));
  }
  const rows = await queryRows<{ bucket: string | Date; open: string; high: string; low: string; close: string }>(
    db,
    sql`
    select to_timestamp(floor(extract(epoch from start) / ${seconds}) * ${seconds}) as bucket,
      (array_agg(open order by start asc))[1] as open,
      max(high) as high, min(low) as low,
      (array_agg(close order by start desc))[1] as close
    from market_candles
    where symbol = ${symbol}
      and start >= (select max(start) from market_candles where symbol = ${symbol}) - make_interval(secs => ${seconds * limit})
    group by bucket order by bucket desc limit ${limit}`,
  );
  return rows.reverse().map((r) => ({
    start: new Date(r.bucket),
    open: Number(r.open),
    high: Number(r.high),
    low: Number(r.low),
    close: Number(r.close),
  }));
}

export async function pruneTicks(db: Executor, before: Date) {
  await db.delete(marketTicks).where(lt(marketTicks.at, before));
  await db.delete(marketCandles).where(lt(marketCandles.start, new Date(before.getTime() - 7 * 86_400_000)));
}

export type CandleRow = typeof marketCandles.$inferInsert;
/** Whether any candle is stored (an empty database gets the source's backfill). */
export async function hasCandles(db: Executor) {
  const rows = await db.select({ symbol: marketCandles.symbol }).from(marketCandles).limit(1);
  return rows.length > 0;
}
export async function insertCandles(db: Executor, rows: CandleRow[]) {
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insert(marketCandles)
      .values(rows.slice(i, i + 1000))
      .onConflictDoNothing();
  }
}

/**
 * The last tick of `symbol` at or before `at`, as a subquery that another module joins laterally
 * per row: settlement reads each due contract's exit price in the same statement that locks it.
 */
export function lastTickSubquery(db: Executor, symbol: AnyColumn, at: AnyColumn) {
  return db
    .select({ price: marketTicks.price, at: marketTicks.at })
    .from(marketTicks)
    .where(and(eq(marketTicks.symbol, symbol), lte(marketTicks.at, at)))
    .orderBy(desc(marketTicks.at))
    .limit(1)
    .as("exit_tick");
}
