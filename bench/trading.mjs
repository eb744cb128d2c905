#!/usr/bin/env node
// Trading benchmark: contract placement and settlement throughput through the real app
// (in-process, `app.inject`), on embedded PGlite by default or on PostgreSQL when
// TEST_DATABASE_URL / DATABASE_URL is set (a scratch database, dropped at the end).
//  1. Placement: N members place contracts concurrently (stake through the ledger) → contracts/s.
//  2. Settlement: the worker's tick drains every due contract (SKIP LOCKED batches) → contracts/s.
//     Target: settlement keeps up with at least 10× the placement rate a 250 ms worker needs (≥ 200/s).
//
//   node bench/trading.mjs [--members 20] [--contracts 25]
//
// Bounded in time (stopped after 180 s); every folder and database it makes is removed.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? Number(process.argv[i + 1]) : fallback;
};
const MEMBERS = Math.max(1, Math.min(arg("members", 20), 200));
const CONTRACTS = Math.max(1, Math.min(arg("contracts", 25), 200));
const SETTLE_TARGET = 200;
const baseUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;

const cleanups = [];
const cleanup = async () => {
  while (cleanups.length)
    await cleanups
      .pop()()
      .catch((e) => console.warn(`cleanup: ${e.message}`));
};
const hardStop = setTimeout(async () => {
  console.error("trading bench: stopped after 180 s");
  await cleanup();
  process.exit(3);
}, 180_000);
hardStop.unref();

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "helio-bench-trading-"));
cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
let databaseUrl;
if (baseUrl) {
  const name = `helio_bench_trading_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  cleanups.push(async () => {
    const dropper = new pg.Client({ connectionString: baseUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  });
}

try {
  const { register } = await import("tsx/esm/api");
  register();
  const { buildApp } = await import(path.join(root, "apps/server/src/app.ts"));
  const { loadConfig } = await import(path.join(root, "apps/server/src/config.ts"));
  const { listOutbox } = await import(path.join(root, "apps/server/src/platform/mail/mailer.ts"));
  const { settleDue } = await import(path.join(root, "apps/server/src/modules/trading/service.ts"));
  const publicUrl = "http://localhost:3998";
  const app = await buildApp(
    loadConfig({
      NODE_ENV: "production",
      PUBLIC_URL: publicUrl,
      AUTH_SECRET: randomBytes(32).toString("hex"),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: "silent",
      WORKERS: "off",
      AUTH_RATE_LIMIT: "100000",
      MONEY_RATE_LIMIT: "100000",
      ADMIN_PASSWORD: randomBytes(12).toString("hex"),
      WEB_DIST: path.join(root, "bench", ".no-web"),
    }),
  );
  cleanups.push(() => app.close());
  const current = await app.services.settings.get();
  await app.services.settings
    .update(
      { adminId: null, ip: "127.0.0.1" },
      { ...current, tradeOpenLimit: Math.max(CONTRACTS, 1), tradeMaxCents: 1_000_000 },
    )
    .catch(async () => {
      // The audit row needs a real admin id on some schemas: fall back to the defaults (limit 20).
    });

  const json = { origin: publicUrl, "content-type": "application/json" };
  const cookies = [];
  for (let i = 0; i < MEMBERS; i++) {
    const tag = randomBytes(4).toString("hex");
    const email = `bench_${tag}@example.test`;
    const reg = await app.inject({
      method: "POST",
      url: "/api/register",
      headers: json,
      payload: JSON.stringify({
        firstName: "Bench",
        lastName: "Trader",
        username: `bt_${tag}`,
        email,
        password: "bench-password-123",
        currency: "USD",
      }),
    });
    if (reg.statusCode !== 201) throw new Error(`register: ${reg.statusCode} ${reg.body}`);
    const [mail] = await listOutbox(app.services.db, email, 1);
    const link = new URL(mail.text.match(/https?:\/\/\S+/)[0]);
    const verify = await app.inject({
      method: "GET",
      url: link.pathname + link.search,
      headers: { origin: publicUrl },
    });
    const cookie = verify.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    cookies.push(cookie);
  }
  const limit = (await app.services.settings.get()).tradeOpenLimit;
  const perMember = Math.min(CONTRACTS, limit);
  await app.services.market.record([{ symbol: "BTC", price: 9_500_000_000_000, at: new Date() }]);

  const t0 = performance.now();
  const results = await Promise.all(
    cookies.map(async (cookie, m) => {
      let ok = 0;
      for (let j = 0; j < perMember; j++) {
        const res = await app.inject({
          method: "POST",
          url: "/api/trades",
          headers: { ...json, cookie },
          payload: JSON.stringify({
            symbol: "BTC",
            direction: (m + j) % 2 ? "up" : "down",
            amountCents: 100,
            durationSeconds: 30,
          }),
        });
        if (res.statusCode === 201) ok++;
        else throw new Error(`place: ${res.statusCode} ${res.body}`);
      }
      return ok;
    }),
  );
  const placed = results.reduce((a, b) => a + b, 0);
  const placeSeconds = (performance.now() - t0) / 1000;
  await app.services.market.record([{ symbol: "BTC", price: 9_500_100_000_000, at: new Date(Date.now() + 29_000) }]);

  const t1 = performance.now();
  let settled = 0;
  const later = new Date(Date.now() + 120_000);
  for (;;) {
    const batch = await settleDue(app.services, { now: later, limit: 100 });
    settled += batch.length;
    if (batch.length < 100) break;
  }
  const settleSeconds = (performance.now() - t1) / 1000;
  const settleRate = settled / settleSeconds;
  console.info(`database: ${databaseUrl ? "PostgreSQL" : "PGlite"}; ${MEMBERS} members × ${perMember} contracts`);
  console.info(
    `placement:  ${placed} contracts in ${placeSeconds.toFixed(2)} s = ${(placed / placeSeconds).toFixed(0)}/s`,
  );
  console.info(`settlement: ${settled} contracts in ${settleSeconds.toFixed(2)} s = ${settleRate.toFixed(0)}/s`);
  console.info(`target settlement ≥ ${SETTLE_TARGET}/s: ${settleRate >= SETTLE_TARGET ? "MET" : "MISSED"}`);
  if (settled !== placed) throw new Error(`settled ${settled} of ${placed}`);
} finally {
  await cleanup();
}
