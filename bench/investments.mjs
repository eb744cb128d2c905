#!/usr/bin/env node
// Investments benchmark on PostgreSQL (TEST_DATABASE_URL or DATABASE_URL; a scratch database,
// dropped at the end), through the real workers in-process (each drained with `runNow()`, the
// loop its timer runs, with the concurrency it runs with):
//  1. Baseline, same run: trade settlement of due contracts (SKIP LOCKED batches) → contracts/s,
//     in two kinds: contracts that all pay out (one ledger movement and one row update each: the
//     same work as one accrual, the like-for-like baseline of the target), measured before and
//     after the accruals and averaged; and a mix where half lose (a loss moves no money), printed
//     beside it.
//  2. 100,000 active investments of 100 members whose next period falls due at the same boundary;
//     the accrual worker credits them all → accruals/s, and the time from the boundary to all
//     credited. Targets: ≥ 10,000 accruals/s and ≥ 100 % of the like-for-like settlement rate.
// Rows are made in bulk with SQL (contracts without their stakes, investments without their
// purchases): only settling and crediting is timed. Their payouts and profit come from the
// platform's accounts, so the ledger stays balanced; it is verified at the end.
//
//   node bench/investments.mjs [--investments 100000] [--contracts 20000] [--members 100]
//
// Bounded in time (stopped after 600 s); everything it makes is removed.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { benchAppEnv, boundedRun, numberArg, registerVerified, scratchDatabase } from "./lib.mjs";
import { loadTypeScript } from "./typescript.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const INVESTMENTS = Math.max(1, Math.min(numberArg("investments", 100_000), 1_000_000));
const CONTRACTS = Math.max(1, Math.min(numberArg("contracts", 20_000), 200_000));
const MEMBERS = Math.max(1, Math.min(numberArg("members", 100), 1000));
const RATE_TARGET = 10_000;
const baseUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;
if (!baseUrl) {
  console.info("investments bench: SKIPPED (set TEST_DATABASE_URL)");
  process.exit(0);
}

const { cleanups, cleanup } = boundedRun("investments bench", 600_000);
await loadTypeScript();
const { buildApp } = await import(path.join(root, "apps/server/src/app.ts"));
const { loadConfig } = await import(path.join(root, "apps/server/src/config.ts"));
const { listOutbox } = await import(path.join(root, "apps/server/src/platform/mail/mailer.ts"));
const { sql } = await import("drizzle-orm");
const { verifyLedger } = await import(path.join(root, "apps/server/src/modules/ledger/index.ts"));
const { startSettlementWorker, SETTLE_BATCH } = await import(
  path.join(root, "apps/server/src/modules/trading/service.ts")
);
const { startAccrualWorker, ACCRUAL_BATCH, ACCRUAL_CONCURRENCY } = await import(
  path.join(root, "apps/server/src/modules/investments/accrual.ts")
);

const publicUrl = "http://localhost:3997";
const count = async (db, query) => Number((await db.execute(query)).rows[0]?.n ?? 0);

try {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "helio-bench-investments-"));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const databaseUrl = await scratchDatabase(baseUrl, `helio_bench_inv_${randomBytes(4).toString("hex")}`, cleanups);
  const app = await buildApp(loadConfig(benchAppEnv({ publicUrl, dataDir, databaseUrl })));
  cleanups.push(() => app.close());
  const { db } = app.services;

  const members = [];
  while (members.length < MEMBERS) {
    const n = Math.min(4, MEMBERS - members.length);
    members.push(
      ...(await Promise.all(
        Array.from({ length: n }, () =>
          registerVerified(app, { publicUrl, listOutbox, prefix: "bi", lastName: "Investor" }),
        ),
      )),
    );
  }
  const uids = JSON.stringify(members.map((m) => m.uid));

  const benchLog = { error: (o, msg) => console.error(msg, o) };
  /**
   * Drains a worker as its own timer would (a run that ended on a full batch schedules the next at
   * once): runs until one finds nothing; what it did is counted in the database by `done()`.
   */
  const drain = async (worker, done) => {
    const t = performance.now();
    while ((await worker.runNow()) > 0);
    const seconds = (performance.now() - t) / 1000;
    await worker.stop();
    return { done: await done(), seconds };
  };

  // 1. Settlement: `n` contracts due now, each with an exit tick above its entry: `up` wins.
  const expiry = new Date(Date.now() - 60_000);
  await app.services.market.record([{ symbol: "BTC", price: 9_500_100_000_000, at: new Date(expiry.getTime() - 500) }]);
  const settle = async (n, allPay) => {
    await db.execute(sql`
      insert into trade_contracts (id, user_id, symbol, direction, amount, account, payout_percent, duration_seconds,
        entry_price, entry_at, expires_at)
      select gen_random_uuid(), (${uids}::jsonb ->> (g % ${MEMBERS}))::text, 'BTC',
        case when ${allPay}::boolean or g % 2 = 0 then 'up' else 'down' end, (100 + g % 50) * 1000000, 'demo', 85, 30,
        9500000000000, ${new Date(expiry.getTime() - 30_000).toISOString()}::timestamptz,
        ${expiry.toISOString()}::timestamptz
      from generate_series(0, ${n - 1}) g`);
    await db.execute(sql`analyze trade_contracts`);
    const settledSoFar = () => count(db, sql`select count(*)::int as n from trade_contracts where status = 'settled'`);
    const before = await settledSoFar();
    const { done, seconds } = await drain(
      startSettlementWorker({ ...app.services, log: benchLog }, 3_600_000),
      settledSoFar,
    );
    if (done - before !== n) throw new Error(`settlement: ${done - before} of ${n} settled`);
    return n / seconds;
  };
  const half = Math.max(1, Math.floor(CONTRACTS / 2));
  const payingBefore = await settle(half, true);
  const mixedRate = await settle(CONTRACTS, false);

  // 2. INVESTMENTS investments whose second period is due at `boundary` (the first was paid).
  const period = 86_400;
  const boundary = new Date(Date.now() - 1000);
  const started = new Date(boundary.getTime() - 2 * period * 1000);
  await db.execute(sql`
    insert into investments (id, reference, user_id, package_id, amount, daily_rate_bps, duration_periods,
      period_seconds, capital_return, status, periods_paid, profit_paid, started_at, next_accrual_at, matures_at)
    select gen_random_uuid(), 'HB-' || g, (${uids}::jsonb ->> (g % ${MEMBERS}))::text, p.id, (10000 + g % 1000) * 1000000, 80, 60,
      ${period}, true, 'active', 1, 0, ${started.toISOString()}::timestamptz, ${boundary.toISOString()}::timestamptz,
      ${started.toISOString()}::timestamptz + interval '60 days'
    from generate_series(0, ${INVESTMENTS - 1}) g, (select id from investment_packages where slug = 'growth') p`);
  await db.execute(sql`analyze investments`);
  const { done: credited, seconds } = await drain(
    startAccrualWorker({ ...app.services, log: benchLog }, 3_600_000),
    () => count(db, sql`select count(*)::int as n from ledger_transactions where kind = 'profit'`),
  );
  const left = await count(db, sql`select count(*)::int as n from investments where periods_paid < 2`);
  const payingAfter = await settle(half, true);
  const settleRate = (payingBefore + payingAfter) / 2;
  const accrualRate = credited / seconds;
  const share = (accrualRate / settleRate) * 100;
  console.info(
    `settlement (baseline), every contract paying: ${payingBefore.toFixed(0)}/s before, ${payingAfter.toFixed(0)}/s after ` +
      `the accruals, ${settleRate.toFixed(0)}/s on average; half of them losing: ${mixedRate.toFixed(0)}/s ` +
      `(batches of ${SETTLE_BATCH}, one at a time)`,
  );
  console.info(
    `accrual: ${credited} investments credited in ${seconds.toFixed(2)} s = ${accrualRate.toFixed(0)}/s ` +
      `(batches of ${ACCRUAL_BATCH}, ${ACCRUAL_CONCURRENCY} at a time); boundary → all credited: ` +
      `${(seconds * 1000).toFixed(0)} ms (plus up to one 1 s worker interval)`,
  );
  console.info(
    `targets: ≥ ${RATE_TARGET}/s: ${accrualRate >= RATE_TARGET ? "MET" : "MISSED"}; ` +
      `${share.toFixed(0)} % of the paying settlement rate (≥ 100 %): ${share >= 100 ? "MET" : "MISSED"}; ` +
      `${((accrualRate / mixedRate) * 100).toFixed(0)} % of the half-losing one`,
  );
  if (left !== 0 || credited !== INVESTMENTS) throw new Error(`accrual: ${left} left, ${credited} credited`);
  const report = await verifyLedger(db);
  console.info(`ledger: ${report.ok ? "sound" : "BROKEN"} (${report.counts.transactions} transactions)`);
  if (!report.ok) throw new Error("ledger invariants broken");
} finally {
  await cleanup();
}
