import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { API, priceToUnits, unitsToPrice } from "@helio/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocketServer } from "ws";
import {
  type Client,
  createTestApp,
  databaseKinds,
  openSocket,
  signUpVerified,
  type TestApp,
  waitFor,
} from "../../../test/helpers.ts";
import {
  createExchangeSource,
  createSimulator,
  exchangeStreamUrl,
  parseExchangeMessage,
  type SourceTick,
} from "./sources.ts";

const units = (text: string) => priceToUnits(text) as number;

describe("prices", () => {
  it("converts exact decimal prices both ways", () => {
    expect(units("95000.12")).toBe(9_500_012_000_000);
    expect(units("0.00000001")).toBe(1);
    expect(units("0.123456789")).toBe(12_345_678);
    expect(unitsToPrice(9_500_012_000_000)).toBe("95000.12");
    expect(unitsToPrice(38_123_400)).toBe("0.381234");
    expect(priceToUnits("-1")).toBeNull();
    expect(priceToUnits("1e5")).toBeNull();
  });

  it("the simulator is a seeded walk on each pair's tick size", () => {
    const a = createSimulator({ seed: 42 });
    const b = createSimulator({ seed: 42 });
    const walk = (s: ReturnType<typeof createSimulator>) => Array.from({ length: 50 }, () => s.step("BTC"));
    const wa = walk(a);
    expect(wa).toEqual(walk(b));
    expect(new Set(wa).size).toBeGreaterThan(10);
    for (const p of wa) expect((p as number) % 1_000_000).toBe(0); // 2 decimals
    expect(a.prices.size).toBe(12);
  });

  it("backfills 1-minute candles that end where the live walk continues", () => {
    const sim = createSimulator({ seed: 1 });
    const end = new Date("2026-01-01T12:00:30Z");
    const candles = sim.backfill(end, 30);
    expect(candles).toHaveLength(12 * 30);
    const btc = candles.filter((c) => c.symbol === "BTC");
    expect(btc.at(-1)?.start.toISOString()).toBe("2026-01-01T11:59:00.000Z");
    expect(btc.at(-1)?.close).toBe(sim.prices.get("BTC"));
    for (const c of btc) expect(c.low <= Math.min(c.open, c.close) && c.high >= Math.max(c.open, c.close)).toBe(true);
    for (let i = 1; i < btc.length; i++) expect(btc[i]?.open).toBe(btc[i - 1]?.close);
  });
});

describe("exchange adapter (local fake of a Binance-style combined stream)", () => {
  it("parses @trade and @miniTicker messages and ignores the rest", () => {
    expect(
      parseExchangeMessage(
        JSON.stringify({
          stream: "btcusdt@trade",
          data: { e: "trade", s: "BTCUSDT", p: "95000.10", T: 1_700_000_000_000 },
        }),
      ),
    ).toEqual({ symbol: "BTC", price: 9_500_010_000_000, at: new Date(1_700_000_000_000) });
    expect(
      parseExchangeMessage(
        JSON.stringify({
          stream: "ethusdt@miniTicker",
          data: { e: "24hrMiniTicker", s: "ETHUSDT", c: "3400.5", E: 1 },
        }),
      ),
    ).toMatchObject({ symbol: "ETH", price: 340_050_000_000 });
    expect(parseExchangeMessage(JSON.stringify({ data: { e: "trade", s: "PEPEUSDT", p: "1" } }))).toBeNull();
    expect(parseExchangeMessage("not json")).toBeNull();
    expect(exchangeStreamUrl("ws://x/")).toContain("/stream?streams=btcusdt@trade/ethusdt@trade");
  });

  it("streams ticks and reconnects with backoff after the server drops it", async () => {
    const server = new WebSocketServer({ port: 0, host: "127.0.0.1" });
    await once(server, "listening");
    const { port } = server.address() as AddressInfo;
    const paths: string[] = [];
    let connection = 0;
    server.on("connection", (socket, request) => {
      paths.push(request.url ?? "");
      connection++;
      const price = connection === 1 ? "95000.01" : "95001.02";
      socket.send(
        JSON.stringify({ stream: "btcusdt@trade", data: { e: "trade", s: "BTCUSDT", p: price, T: Date.now() } }),
      );
      if (connection === 1) setTimeout(() => socket.close(), 10);
    });
    const ticks: SourceTick[] = [];
    const source = createExchangeSource({
      url: exchangeStreamUrl(`ws://127.0.0.1:${port}`),
      minDelayMs: 10,
      maxDelayMs: 50,
    });
    try {
      source.start((t) => ticks.push(t));
      await waitFor(() => ticks.length >= 2, 5000, "ticks from two connections");
      expect(ticks.map((t) => unitsToPrice(t.price))).toEqual(["95000.01", "95001.02"]);
      expect(source.state.connects).toBeGreaterThanOrEqual(2);
      expect(paths[0]).toContain("btcusdt@trade");
    } finally {
      await source.stop();
      for (const c of server.clients) c.terminate();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe.each(databaseKinds)("market data on %s", (kind) => {
  // Needs several connections to one database: defined only in the PostgreSQL run (not skipped elsewhere).
  const onPostgres = kind === "postgres" ? it : ((() => undefined) as unknown as typeof it);
  let t: TestApp;
  let member: Client;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { WORKERS: "off" } });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    member = (await signUpVerified(t.app)).client;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("stores ticks, candles and derives the 24h change; streams ticks to every tab", async () => {
    const socket = await openSocket(t.app, member);
    await socket.next("ready");
    try {
      const now = Date.now();
      const minute = Math.floor(now / 60_000) * 60_000;
      const base = minute - 10 * 60_000;
      await t.app.services.market.record([
        { symbol: "ETH", price: units("3000"), at: new Date(base) },
        { symbol: "ETH", price: units("3100"), at: new Date(base + 1000) },
        { symbol: "ETH", price: units("2900"), at: new Date(base + 2000) },
        { symbol: "ETH", price: units("3050"), at: new Date(base + 5 * 60_000) },
        { symbol: "ETH", price: units("3300"), at: new Date(now) },
      ]);
      const ticks = await socket.next("ticks");
      expect(ticks).toMatchObject({ ticks: [{ symbol: "ETH", price: "3300.00" }] });

      const pairs = (await member.get(API.marketPairs)).json() as { symbol: string; [k: string]: unknown }[];
      expect(pairs).toHaveLength(12);
      const eth = pairs.find((p) => p.symbol === "ETH");
      expect(eth).toMatchObject({
        price: "3300.00",
        change24h: "10.00",
        high24h: "3300.00",
        low24h: "2900.00",
        stale: false,
      });
      expect(pairs.find((p) => p.symbol === "DOGE")).toMatchObject({ price: null, stale: true });

      const oneMinute = (await member.get(`${API.marketCandles("ETH")}?interval=1m&limit=10`)).json();
      expect(oneMinute.candles[0]).toMatchObject({
        time: base / 1000,
        open: "3000.00",
        high: "3100.00",
        low: "2900.00",
        close: "2900.00",
      });
      const fifteen = (await member.get(`${API.marketCandles("eth")}?interval=1h&limit=5`)).json();
      expect(fifteen.candles.at(-1)).toMatchObject({ close: "3300.00" });
      const highs = fifteen.candles.map((c: { high: string }) => Number(c.high));
      expect(Math.max(...highs)).toBe(3300);
    } finally {
      socket.ws.terminate();
    }
  });

  it("marks a pair stale when its last tick is old, and prunes old ticks", async () => {
    await t.app.services.market.record([{ symbol: "LTC", price: units("90"), at: new Date(Date.now() - 60_000) }]);
    const pairs = (await member.get(API.marketPairs)).json() as { symbol: string; stale: boolean }[];
    expect(pairs.find((p) => p.symbol === "LTC")?.stale).toBe(true);
    await t.app.services.market.record([
      { symbol: "LTC", price: units("91"), at: new Date(Date.now() - 72 * 3_600_000) },
    ]);
    await t.app.services.market.prune();
    const [latest] = [await t.app.services.market.tickAtOrBefore("LTC", new Date(Date.now() - 71 * 3_600_000))];
    expect(latest).toBeNull();
  });

  it("rejects unknown pairs and intervals naming the field", async () => {
    const bad = await member.get(API.marketCandles("PEPE"));
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("symbol");
    const interval = await member.get(`${API.marketCandles("BTC")}?interval=2m`);
    expect(interval.statusCode).toBe(400);
    expect(interval.body).toContain("interval");
  });

  onPostgres("elects exactly one recorder among processes; another takes over when it stops", async () => {
    const { openDatabase } = await import("../../db/client.ts");
    const url = (t.database as { url?: string }).url as string;
    const otherDb = await openDatabase({ kind: "postgres", url });
    const other = await createTestApp(kind, { database: Object.assign(otherDb, { url }), env: { WORKERS: "off" } });
    const first = t.app.services.market.start(createSimulator({ seed: 3, intervalMs: 50 }));
    let second: { stop(): Promise<void> } | undefined;
    try {
      await waitFor(() => t.app.services.market.isRecorder, 5000, "first recorder");
      second = other.app.services.market.start(createSimulator({ seed: 4, intervalMs: 50 }));
      await new Promise((resolve) => setTimeout(resolve, 300)); // give the second a chance to (wrongly) win
      expect(other.app.services.market.isRecorder).toBe(false);
      await first.stop();
      await waitFor(() => other.app.services.market.isRecorder, 8000, "takeover");
    } finally {
      await first.stop();
      await second?.stop();
      await other.close();
      await otherDb.close();
    }
  });

  it("records from the simulator as the elected recorder", async () => {
    const sim = createSimulator({ seed: 7, intervalMs: 20 });
    const recorder = t.app.services.market.start(sim);
    try {
      await waitFor(() => t.app.services.market.isRecorder, 5000, "recorder election");
      await waitFor(
        async () => (await t.app.services.market.pairs()).every((p) => !p.stale),
        5000,
        "every pair priced",
      );
    } finally {
      await recorder.stop();
    }
  });
});
