import {
  type CandleInterval,
  type CandlesResponse,
  INTERVAL_SECONDS,
  PAIR_SYMBOLS,
  PAIRS,
  type PairQuote,
  type PairSymbol,
  unitsToPrice,
} from "@helio/shared";
import pg from "pg";
import type { Database, Db } from "../../db/client.ts";
import type { LogTo } from "../../platform/http/logging.ts";
import type { Realtime } from "../../platform/realtime/realtime.ts";
import type { SettingsService } from "../settings/index.ts";
import {
  candles,
  hasCandles,
  insertCandles,
  insertTicks,
  latestTicks,
  pruneTicks,
  stats24h,
  type TickRow,
  tickAtOrBefore,
} from "./queries.ts";
import type { MarketSource, SourceTick } from "./sources.ts";

/** History the simulator writes into an empty database: 6 hours of 1-minute candles. */
const BACKFILL_MINUTES = 360;

/** Key of the advisory lock held by the one process that records ticks ("helio-mk"). */
export const RECORDER_LOCK_KEY = 0x68656c69;

export type MarketDeps = {
  db: Db;
  database: Database & { url?: string };
  databaseUrl?: string;
  realtime: Realtime;
  settings: SettingsService;
  log: LogTo<"info" | "warn" | "error">;
  now?: () => Date;
};

export type MarketService = ReturnType<typeof createMarketService>;

/** Signed basis points → "-1.25" style percent text. */
function percentText(bps: bigint): string {
  const negative = bps < 0n;
  const abs = negative ? -bps : bps;
  return `${negative ? "-" : ""}${abs / 100n}.${(abs % 100n).toString().padStart(2, "0")}`;
}

export function createMarketService(deps: MarketDeps) {
  const now = deps.now ?? (() => new Date());
  let pending: SourceTick[] = [];
  let flushing: Promise<void> | null = null;
  let recorder: { stop(): Promise<void> } | null = null;
  let isRecorder = false;

  /** Stores ticks (and candles) and streams the newest of each pair to every connected tab. */
  async function record(ticks: SourceTick[]) {
    if (!ticks.length) return;
    const rows: TickRow[] = ticks.map((t) => ({ symbol: t.symbol, price: t.price, at: t.at }));
    await insertTicks(deps.db, rows);
    const newest = new Map<string, SourceTick>();
    for (const t of ticks) {
      const seen = newest.get(t.symbol);
      if (!seen || seen.at <= t.at) newest.set(t.symbol, t);
    }
    await deps.realtime.toEveryone({
      type: "ticks",
      ticks: [...newest.values()].map((t) => ({
        symbol: t.symbol as PairSymbol,
        price: unitsToPrice(t.price),
        at: t.at.toISOString(),
      })),
    });
  }

  function flush() {
    flushing ??= (async () => {
      const batch = pending;
      pending = [];
      try {
        await record(batch);
      } catch (error) {
        deps.log.error({ err: error }, "market: recording ticks failed");
      }
    })().finally(() => {
      flushing = null;
    });
    return flushing;
  }

  async function prune() {
    const s = await deps.settings.get();
    await pruneTicks(deps.db, new Date(now().getTime() - s.tickRetentionHours * 3_600_000));
  }

  /** Runs the source and records its ticks while this process holds the recorder lock. */
  function runRecorder(source: MarketSource) {
    let started = false;
    let stopping = false;
    void (async () => {
      try {
        if (source.backfill && !(await hasCandles(deps.db))) {
          await insertCandles(deps.db, source.backfill(now(), BACKFILL_MINUTES));
        }
      } catch (error) {
        deps.log.warn({ err: error }, "market: backfill failed");
      }
      if (stopping) return;
      started = true;
      source.start((tick) => pending.push(tick));
    })();
    const flushTimer = setInterval(() => void flush(), 1000);
    flushTimer.unref();
    const pruneTimer = setInterval(
      () => prune().catch((err) => deps.log.error({ err }, "market: prune failed")),
      60_000,
    );
    pruneTimer.unref();
    return async () => {
      clearInterval(flushTimer);
      clearInterval(pruneTimer);
      stopping = true;
      if (started) await source.stop();
      await flush();
    };
  }

  /** Tries to become the one recorder: PGlite is single-process; PostgreSQL uses an advisory lock on its own connection. */
  function start(source: MarketSource) {
    let stopped = false;
    let stopRun: (() => Promise<void>) | null = null;
    let client: pg.Client | null = null;
    let retry: NodeJS.Timeout | null = null;
    const url = deps.databaseUrl ?? deps.database.url;
    const attempt = async () => {
      if (stopped) return;
      if (deps.database.kind === "pglite" || !url) {
        isRecorder = true;
        stopRun = runRecorder(source);
        return;
      }
      try {
        if (!client) {
          const fresh = new pg.Client({ connectionString: url });
          fresh.on("error", () => {});
          // The lock lives as long as this connection: when it drops, stop recording and stand again.
          fresh.on("end", () => {
            if (client !== fresh || stopped) return;
            client = null;
            const run = stopRun;
            stopRun = null;
            isRecorder = false;
            void (async () => {
              await run?.();
              deps.log.warn({}, "market: lost the recorder lock connection; standing for election again");
              retry = setTimeout(() => void attempt(), 1000);
              retry.unref();
            })();
          });
          client = fresh;
          await fresh.connect();
        }
        const { rows } = await client.query<{ ok: boolean }>("select pg_try_advisory_lock($1) as ok", [
          RECORDER_LOCK_KEY,
        ]);
        if (stopped) return;
        if (rows[0]?.ok) {
          isRecorder = true;
          deps.log.info({}, "market: this process records ticks");
          stopRun = runRecorder(source);
          return;
        }
      } catch (error) {
        deps.log.warn({ err: error }, "market: recorder election failed");
        const broken = client;
        client = null;
        await broken?.end().catch(() => {});
      }
      retry = setTimeout(() => void attempt(), 5000);
      retry.unref();
    };
    void attempt();
    recorder = {
      async stop() {
        stopped = true;
        if (retry) clearTimeout(retry);
        await stopRun?.();
        stopRun = null;
        isRecorder = false;
        const open = client;
        client = null;
        await open?.end().catch(() => {});
      },
    };
    return recorder;
  }

  /** The server's own newest price of a pair as of now (a tick is never taken from the future). */
  async function latest(symbol: string) {
    return tickAtOrBefore(deps.db, symbol, now());
  }

  async function isStale(tick: { at: Date } | null) {
    if (!tick) return true;
    const s = await deps.settings.get();
    return now().getTime() - tick.at.getTime() > s.marketStaleSeconds * 1000;
  }

  async function pairs(): Promise<PairQuote[]> {
    const [ticks, stats, s] = await Promise.all([
      latestTicks(deps.db, PAIR_SYMBOLS),
      stats24h(deps.db, new Date(now().getTime() - 86_400_000)),
      deps.settings.get(),
    ]);
    const bySymbol = new Map(ticks.map((t) => [t.symbol, t]));
    const statsOf = new Map(stats.map((t) => [t.symbol, t]));
    return PAIRS.map((p) => {
      const tick = bySymbol.get(p.symbol);
      const st = statsOf.get(p.symbol);
      const change =
        tick && st && st.open > 0
          ? percentText(((BigInt(tick.price) - BigInt(st.open)) * 10_000n) / BigInt(st.open))
          : null;
      return {
        symbol: p.symbol,
        name: p.name,
        label: p.label,
        price: tick ? unitsToPrice(tick.price) : null,
        at: tick ? tick.at.toISOString() : null,
        change24h: change,
        high24h: st ? unitsToPrice(Math.max(st.high, tick?.price ?? 0)) : null,
        low24h: st ? unitsToPrice(Math.min(st.low, tick?.price ?? st.low)) : null,
        stale: !tick || now().getTime() - tick.at.getTime() > s.marketStaleSeconds * 1000,
      };
    });
  }

  async function candlesOf(symbol: PairSymbol, interval: CandleInterval, limit: number): Promise<CandlesResponse> {
    const rows = await candles(deps.db, symbol, INTERVAL_SECONDS[interval], limit);
    return {
      symbol,
      interval,
      candles: rows.map((r) => ({
        time: Math.floor(r.start.getTime() / 1000),
        open: unitsToPrice(r.open),
        high: unitsToPrice(r.high),
        low: unitsToPrice(r.low),
        close: unitsToPrice(r.close),
      })),
    };
  }

  return {
    record,
    flush,
    prune,
    start,
    latest,
    isStale,
    pairs,
    candles: candlesOf,
    tickAtOrBefore: (symbol: string, at: Date) => tickAtOrBefore(deps.db, symbol, at),
    get isRecorder() {
      return isRecorder;
    },
    async stop() {
      await recorder?.stop();
    },
  };
}
