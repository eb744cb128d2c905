import { PAIR_SYMBOLS, priceToUnits } from "@helio/shared";
import type WebSocket from "ws";

/** A price as the source saw it: units of 1e-8 USDT. */
export type SourceTick = { symbol: string; price: number; at: Date };
/** Where prices come from. `start` begins delivering ticks until `stop`. */
export interface MarketSource {
  readonly name: string;
  /** Optional history for an empty database: 1-minute candles before `end` (the simulator has one). */
  backfill?(
    end: Date,
    minutes: number,
  ): { symbol: string; start: Date; open: number; high: number; low: number; close: number }[];
  start(onTick: (tick: SourceTick) => void): void;
  stop(): Promise<void>;
}

/**
 * Realistic starting prices (USDT) and per-second volatility of each pair: 0.0001 a second is
 * about 3 % a day and 56 % a year, BTC's order of magnitude; smaller coins move up to 2.5× that.
 */
export const SIM_START: Record<string, { price: string; vol: number; decimals: number }> = {
  BTC: { price: "95000.00", vol: 0.0001, decimals: 2 },
  ETH: { price: "3400.00", vol: 0.00013, decimals: 2 },
  BNB: { price: "620.00", vol: 0.00012, decimals: 2 },
  SOL: { price: "180.00", vol: 0.0002, decimals: 3 },
  XRP: { price: "1.10", vol: 0.0002, decimals: 5 },
  ADA: { price: "0.75", vol: 0.0002, decimals: 5 },
  DOGE: { price: "0.38", vol: 0.00025, decimals: 6 },
  TRX: { price: "0.20", vol: 0.00012, decimals: 6 },
  DOT: { price: "7.20", vol: 0.0002, decimals: 4 },
  LTC: { price: "95.00", vol: 0.00015, decimals: 3 },
  LINK: { price: "18.50", vol: 0.0002, decimals: 4 },
  AVAX: { price: "40.00", vol: 0.0002, decimals: 3 },
};

/** mulberry32: a small seeded PRNG, so a simulator run is reproducible. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A seeded random walk per pair. The walk itself is simulation (floating point is fine there);
 * every price it emits is rounded to the pair's tick size and carried as an integer of 1e-8 units.
 */
export function createSimulator(opts: { seed?: number; intervalMs?: number; start?: Record<string, number> } = {}) {
  const random = seededRandom(opts.seed ?? Date.now());
  const gaussian = () => {
    const u = 1 - random();
    const v = random();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  };
  const prices = new Map<string, number>();
  for (const s of PAIR_SYMBOLS) {
    const start = SIM_START[s];
    if (!start) continue;
    prices.set(s, opts.start?.[s] ?? (priceToUnits(start.price) as number));
  }
  let timer: NodeJS.Timeout | null = null;
  const step = (symbol: string) => {
    const spec = SIM_START[symbol];
    const current = prices.get(symbol);
    if (!spec || current === undefined) return null;
    const quantum = 10 ** (8 - spec.decimals);
    const next = Math.max(quantum, Math.round((current * Math.exp(spec.vol * gaussian())) / quantum) * quantum);
    prices.set(symbol, next);
    return next;
  };
  /**
   * Synthetic 1-minute candles for the `minutes` before `end`, ending at the walk's current price
   * (so a fresh install shows a chart at once); the walk continues from where they end.
   */
  const backfill = (end: Date, minutes: number) => {
    const out: { symbol: string; start: Date; open: number; high: number; low: number; close: number }[] = [];
    const firstMinute = Math.floor(end.getTime() / 60_000) * 60_000 - minutes * 60_000;
    for (const symbol of prices.keys()) {
      for (let m = 0; m < minutes; m++) {
        const open = prices.get(symbol) as number;
        let high = open;
        let low = open;
        let close = open;
        for (let s = 0; s < 60; s++) {
          close = step(symbol) as number;
          high = Math.max(high, close);
          low = Math.min(low, close);
        }
        out.push({ symbol, start: new Date(firstMinute + m * 60_000), open, high, low, close });
      }
    }
    return out;
  };
  const source: MarketSource & {
    step: typeof step;
    prices: Map<string, number>;
    backfill: typeof backfill;
  } = {
    name: "sim",
    step,
    prices,
    backfill,
    start(onTick) {
      const emit = () => {
        const at = new Date();
        for (const symbol of prices.keys()) {
          const price = step(symbol);
          if (price !== null) onTick({ symbol, price, at });
        }
      };
      emit();
      timer = setInterval(emit, opts.intervalMs ?? 1000);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
  return source;
}

/** One message of a Binance-style combined stream (`<symbol>@trade` or `<symbol>@miniTicker`). */
export function parseExchangeMessage(raw: string): SourceTick | null {
  let message: unknown;
  try {
    message = JSON.parse(raw);
  } catch {
    return null;
  }
  const data = (message as { data?: Record<string, unknown> }).data ?? (message as Record<string, unknown>);
  if (!data || typeof data !== "object") return null;
  const pair = typeof data.s === "string" ? data.s.toUpperCase() : null;
  if (!pair?.endsWith("USDT")) return null;
  const symbol = pair.slice(0, -4);
  if (!(PAIR_SYMBOLS as readonly string[]).includes(symbol)) return null;
  // @trade carries the price in `p`, @miniTicker the last price in `c`.
  const text = data.e === "trade" ? data.p : data.e === "24hrMiniTicker" ? data.c : (data.p ?? data.c);
  if (typeof text !== "string") return null;
  const price = priceToUnits(text);
  if (price === null || price <= 0) return null;
  const time = typeof data.T === "number" ? data.T : typeof data.E === "number" ? data.E : Date.now();
  return { symbol, price, at: new Date(time) };
}

/** The combined-stream URL for our pairs, e.g. wss://stream.binance.com:9443/stream?streams=btcusdt@trade/… */
export function exchangeStreamUrl(base: string, stream: "trade" | "miniTicker" = "trade") {
  const streams = PAIR_SYMBOLS.map((s) => `${s.toLowerCase()}usdt@${stream}`).join("/");
  return `${base.replace(/\/$/, "")}/stream?streams=${streams}`;
}

/**
 * A live exchange feed over a public WebSocket. Reconnects with exponential backoff (from
 * `minDelayMs`, doubling to `maxDelayMs`), reset after a message arrives.
 */
export function createExchangeSource(opts: {
  url: string;
  minDelayMs?: number;
  maxDelayMs?: number;
  log?: { warn(obj: object, msg: string): void };
}) {
  const minDelay = opts.minDelayMs ?? 1000;
  const maxDelay = opts.maxDelayMs ?? 30_000;
  let socket: WebSocket | null = null;
  let stopped = false;
  let delay = minDelay;
  let retry: NodeJS.Timeout | null = null;
  const state = { connects: 0 };
  const source: MarketSource & { state: typeof state } = {
    name: "exchange",
    state,
    start(onTick) {
      stopped = false;
      const connect = async () => {
        if (stopped) return;
        state.connects++;
        // Loaded only when the exchange feed is chosen (`ws` also ships with @fastify/websocket).
        const { default: WebSocketClient } = await import("ws");
        if (stopped) return;
        const ws = new WebSocketClient(opts.url);
        socket = ws;
        ws.on("message", (raw) => {
          delay = minDelay;
          const tick = parseExchangeMessage(raw.toString());
          if (tick) onTick(tick);
        });
        ws.on("error", (error) => opts.log?.warn({ err: error }, "market exchange socket error"));
        ws.on("close", () => {
          if (stopped) return;
          retry = setTimeout(() => void connect(), delay);
          retry.unref();
          delay = Math.min(delay * 2, maxDelay);
        });
      };
      void connect();
    },
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      const ws = socket;
      socket = null;
      if (ws && ws.readyState !== ws.CLOSED) {
        await new Promise<void>((resolve) => {
          ws.once("close", () => resolve());
          ws.terminate();
        });
      }
    },
  };
  return source;
}
