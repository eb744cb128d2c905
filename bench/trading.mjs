#!/usr/bin/env node
// Trading benchmark through the real app (in-process), on embedded PGlite and, when
// TEST_DATABASE_URL / DATABASE_URL is set, on PostgreSQL too (a scratch database, dropped at the end).
//  1. Placement: N members place contracts concurrently (`POST /api/trades`, stake through the
//     ledger) → contracts/s.
//  2. Settlement: the worker's loop drains every due contract (SKIP LOCKED batches) → contracts/s.
//     Target: ≥ 200/s.
//  3. Burst: 1,000 contracts of 50 members (placed through the placement service, stakes through
//     the ledger) all expire within the same second; the clock is then set to the moment the last
//     of them is due and the settlement worker's tick (the loop its 250 ms timer runs) drains
//     them. Reports the time from due to all settled. Target: ≤ 1 s. A contract can also wait up
//     to one worker interval (250 ms) before that tick starts; that is shown separately.
//
//   node bench/trading.mjs [--members 20] [--contracts 25] [--burst 1000] [--only pglite|postgres]
//
// Bounded in time (stopped after 420 s); every folder and database it makes is removed.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { benchAppEnv, boundedRun, numberArg, registerVerified, scratchDatabase } from "./lib.mjs";
import { loadTypeScript } from "./typescript.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const arg = numberArg;
const onlyAt = process.argv.indexOf("--only");
const onlyDb = onlyAt > 0 ? process.argv[onlyAt + 1] : undefined;
const MEMBERS = Math.max(1, Math.min(arg("members", 20), 200));
const CONTRACTS = Math.max(1, Math.min(arg("contracts", 25), 200));
const BURST = Math.max(0, Math.min(arg("burst", 1000), 5000));
const BURST_PER_MEMBER = 20;
const SETTLE_TARGET = 200;
const BURST_TARGET_MS = 1000;
const WORKER_INTERVAL_MS = 250;
const baseUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;

const { cleanups, cleanup } = boundedRun("trading bench", 420_000);

await loadTypeScript();
const { buildApp } = await import(path.join(root, "apps/server/src/app.ts"));
const { loadConfig } = await import(path.join(root, "apps/server/src/config.ts"));
const { listOutbox } = await import(path.join(root, "apps/server/src/platform/mail/mailer.ts"));
const { sql } = await import("drizzle-orm");
const { fromCents } = await import(path.join(root, "packages/shared/src/values.ts"));
const { verifyLedger } = await import(path.join(root, "apps/server/src/modules/ledger/index.ts"));
const trading = await import(path.join(root, "apps/server/src/modules/trading/service.ts"));
const { placeContract, settleDue, startSettlementWorker, SETTLE_GRACE_MS } = trading;
/** The worker's batch (100 before it was exported, so this script can also time older code). */
const SETTLE_BATCH = trading.SETTLE_BATCH ?? 100;

/** A scratch PostgreSQL database (dropped at cleanup), or undefined for PGlite. */
const databaseFor = (kind) =>
  kind === "pglite"
    ? undefined
    : scratchDatabase(baseUrl, `helio_bench_trading_${randomBytes(4).toString("hex")}`, cleanups);

const publicUrl = "http://localhost:3998";
const json = { origin: publicUrl, "content-type": "application/json" };

const registerMember = (app) => registerVerified(app, { publicUrl, listOutbox, prefix: "bt", lastName: "Trader" });

/** `n` members, registered a few at a time. */
async function registerMembers(app, n) {
  const members = [];
  while (members.length < n) {
    const batch = Math.min(4, n - members.length);
    members.push(...(await Promise.all(Array.from({ length: batch }, () => registerMember(app)))));
  }
  return members;
}

/** Records `prices` now and every 2 s until stopped: placement refuses a price older than marketStaleSeconds. */
async function keepPricesFresh(app, prices) {
  const record = () =>
    app.services.market.record(Object.entries(prices).map(([symbol, price]) => ({ symbol, price, at: new Date() })));
  await record();
  const timer = setInterval(() => void record().catch(() => {}), 2000);
  return () => clearInterval(timer);
}

async function runOn(kind) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "helio-bench-trading-"));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const databaseUrl = await databaseFor(kind);
  const app = await buildApp(loadConfig(benchAppEnv({ publicUrl, dataDir, databaseUrl, MONEY_RATE_LIMIT: "100000" })));
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await app.close();
  };
  cleanups.push(close);
  const label = kind === "pglite" ? "PGlite" : "PostgreSQL";
  const current = await app.services.settings.get();
  await app.services.settings
    .update(
      { adminId: null, ip: "127.0.0.1" },
      { ...current, tradeOpenLimit: Math.max(CONTRACTS, BURST_PER_MEMBER), tradeMaxMicrocents: fromCents(1_000_000) },
    )
    .catch(async () => {
      // The audit row needs a real admin id on some schemas: fall back to the defaults (limit 20).
    });

  const members = await registerMembers(app, Math.max(MEMBERS, Math.ceil(BURST / BURST_PER_MEMBER)));
  const limit = (await app.services.settings.get()).tradeOpenLimit;

  // 1–2. Placement through HTTP, then settlement throughput.
  const perMember = Math.min(CONTRACTS, limit);
  const stopBtc = await keepPricesFresh(app, { BTC: 9_500_000_000_000 });
  const t0 = performance.now();
  const results = await Promise.all(
    members.slice(0, MEMBERS).map(async ({ cookie }, m) => {
      let ok = 0;
      for (let j = 0; j < perMember; j++) {
        const res = await app.inject({
          method: "POST",
          url: "/api/trades",
          headers: { ...json, cookie },
          payload: JSON.stringify({
            symbol: "BTC",
            direction: (m + j) % 2 ? "up" : "down",
            // Money goes over the API as a string of digits in microcents: 1.00 USD.
            amountMicrocents: String(fromCents(100)),
            durationSeconds: 30,
          }),
        });
        if (res.statusCode === 201) ok++;
        else throw new Error(`place: ${res.statusCode} ${res.body}`);
      }
      return ok;
    }),
  );
  const placeSeconds = (performance.now() - t0) / 1000;
  stopBtc();
  const placed = results.reduce((a, b) => a + b, 0);
  await app.services.market.record([{ symbol: "BTC", price: 9_500_100_000_000, at: new Date(Date.now() + 29_000) }]);

  const t1 = performance.now();
  let settled = 0;
  const later = new Date(Date.now() + 120_000);
  for (;;) {
    const batch = await settleDue(app.services, { now: later, limit: SETTLE_BATCH });
    settled += batch.length;
    if (batch.length < SETTLE_BATCH) break;
  }
  const settleSeconds = (performance.now() - t1) / 1000;
  const settleRate = settled / settleSeconds;
  console.info(`\n-- ${label}: ${MEMBERS} members × ${perMember} contracts`);
  console.info(
    `placement:  ${placed} contracts in ${placeSeconds.toFixed(2)} s = ${(placed / placeSeconds).toFixed(0)}/s`,
  );
  console.info(
    `settlement: ${settled} contracts in ${settleSeconds.toFixed(2)} s = ${settleRate.toFixed(0)}/s ` +
      `(batches of ${SETTLE_BATCH}) — target ≥ ${SETTLE_TARGET}/s: ${settleRate >= SETTLE_TARGET ? "MET" : "MISSED"}`,
  );
  if (settled !== placed) throw new Error(`settled ${settled} of ${placed}`);

  // 3. Burst: BURST contracts expiring within one second, drained by the worker's tick.
  if (BURST > 0) {
    const symbols = ["ETH", "SOL", "XRP"];
    const stopPrices = await keepPricesFresh(app, { ETH: 340_000_000_000, SOL: 18_000_000_000, XRP: 110_000_000 });
    const base = Date.now();
    const t2 = performance.now();
    const burstMembers = members.slice(0, Math.ceil(BURST / BURST_PER_MEMBER));
    const counts = await Promise.all(
      burstMembers.map(async ({ uid }, m) => {
        let ok = 0;
        for (let j = 0; j < BURST_PER_MEMBER; j++) {
          const k = m * BURST_PER_MEMBER + j;
          if (k >= BURST) break;
          // Entry instants spread over one second, so the expiries are too.
          const at = new Date(base + Math.floor((k * 1000) / BURST));
          await placeContract(
            { ...app.services, now: () => at },
            uid,
            {
              symbol: symbols[k % 3],
              direction: k % 2 ? "up" : "down",
              amountMicrocents: fromCents(100 + (k % 50)),
              durationSeconds: 30,
            },
            null,
          );
          ok++;
        }
        return ok;
      }),
    );
    stopPrices();
    const burstPlaced = counts.reduce((a, b) => a + b, 0);
    const burstPlaceSeconds = (performance.now() - t2) / 1000;
    // Exit ticks just before the expiries: one pair ends higher, one lower, one unchanged.
    const expiry = base + 30_000;
    await app.services.market.record([
      { symbol: "ETH", price: 340_100_000_000, at: new Date(expiry - 200) },
      { symbol: "SOL", price: 17_990_000_000, at: new Date(expiry - 200) },
      { symbol: "XRP", price: 110_000_000, at: new Date(expiry - 200) },
    ]);
    // The moment the last of them is due for the worker (expiry + grace).
    const due = new Date(expiry + 1000 + SETTLE_GRACE_MS);
    const worker = startSettlementWorker(
      { ...app.services, now: () => due, log: { error: (o, msg) => console.error(msg, o) } },
      3_600_000,
    );
    const t3 = performance.now();
    await worker.tick();
    const drainMs = performance.now() - t3;
    await worker.stop();
    const [left] = (
      await app.services.db.execute(sql`select count(*)::int as n from trade_contracts where status = 'open'`)
    ).rows;
    const open = Number(left?.n ?? 0);
    console.info(
      `burst:      ${burstPlaced} contracts of ${burstMembers.length} members expiring within one second ` +
        `(placed in ${burstPlaceSeconds.toFixed(1)} s)`,
    );
    console.info(
      `            due → all settled by the worker's tick: ${drainMs.toFixed(0)} ms ` +
        `(${(burstPlaced / (drainMs / 1000)).toFixed(0)}/s, batches of ${SETTLE_BATCH}) — target ≤ ${BURST_TARGET_MS} ms: ` +
        `${drainMs <= BURST_TARGET_MS && open === 0 ? "MET" : "MISSED"}; ` +
        `with a full ${WORKER_INTERVAL_MS} ms worker interval before the tick: ${(drainMs + WORKER_INTERVAL_MS).toFixed(0)} ms`,
    );
    if (open !== 0) throw new Error(`burst: ${open} contracts still open after the worker's tick`);
  }
  const report = await verifyLedger(app.services.db);
  console.info(
    `ledger:     ${report.ok ? "sound" : "BROKEN"} (${report.counts.transactions} transactions, ${report.counts.entries} entries)`,
  );
  if (!report.ok) throw new Error(`ledger invariants broken: ${JSON.stringify(report)}`);
  await close();
}

try {
  const kinds = ["pglite", ...(baseUrl ? ["postgres"] : [])].filter((k) => !onlyDb || k === onlyDb);
  if (!baseUrl) console.info("(PostgreSQL: skipped, set TEST_DATABASE_URL)");
  for (const kind of kinds) await runOn(kind);
} finally {
  await cleanup();
}
