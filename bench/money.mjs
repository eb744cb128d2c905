#!/usr/bin/env node
// Money benchmarks (part of `npm run bench`):
//  1. Authenticated balance reads (GET /api/wallet, each connection with its own member's session) against a bare route
//     in the same server process, with autocannon over loopback; prints both req/s and the ratio
//     (target ≥ 60%) at two loads: 64 connections, which keep the server busy on both routes (the
//     throughput comparison, which the target applies to), and 16, where the read waits on its
//     query and the server idles part of the time.
//  2. Ledger movements per second on PostgreSQL (postTransaction through the pool, 8 concurrent
//     workers) against pgbench's TPC-B tps (`-c 8 -j 2`) on the same server in the same run;
//     prints the ratio (target ≥ 100%). Needs TEST_DATABASE_URL or DATABASE_URL, and pgbench.
//
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/money.mjs [--seconds 10] [--connections 64] [--only read|ledger]
//
// Bounded in time (each measurement --seconds, at most 30; the whole run is stopped after 240 s),
// loopback only; every database, folder and process it makes is removed at the end.
import { execFile, spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import autocannon from "autocannon";
import { boundedRun, numberArg, processCpuMs, scratchDatabase } from "./lib.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const arg = numberArg;
const SECONDS = Math.max(2, Math.min(arg("seconds", 10), 30));
/** Connections of the throughput comparison: enough that the server is busy on both routes. */
const BUSY_CONNECTIONS = Math.max(16, Math.min(arg("connections", 64), 256));
/** A lighter load, reported beside it (and the one earlier versions of this bench used). */
const LIGHT_CONNECTIONS = 16;
const CLIENTS = 8; // pgbench -c 8 -j 2, and as many concurrent ledger workers
/** The two sides of each comparison run in turns (A B, B A, …) in this many slices, so that a change
 * in the machine's load during the run affects both alike; even, so each side runs first as often. */
const ROUNDS = 4;
const SLICE_SECONDS = Math.max(1, Math.round(SECONDS / ROUNDS));
/** Round `round`'s order: each pair as given in even rounds, swapped in odd ones. */
const inTurns = (round, pairs) => pairs.flatMap(([a, b]) => (round % 2 === 0 ? [a, b] : [b, a]));
const HARD_TIMEOUT_MS = 240_000;
const READ_TARGET = 0.6;
const LEDGER_TARGET = 1.0;
const only = process.argv.includes("--only") ? process.argv[process.argv.indexOf("--only") + 1] : undefined;

const baseUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;
const run = promisify(execFile);
const tag = `${process.pid}_${randomBytes(3).toString("hex")}`;
const { cleanups, cleanup } = boundedRun("money bench", HARD_TIMEOUT_MS);

/** A scratch database on the configured server, dropped at the end. */
const scratch = (name) => scratchDatabase(baseUrl, name, cleanups);

const fmt = (n) => Math.round(n).toLocaleString("en-US");
const pct = (r) => `${(r * 100).toFixed(0)}%`;
const results = [];

// ---------------------------------------------------------------------------------------------
// 1. Authenticated balance reads vs a bare route.
// ---------------------------------------------------------------------------------------------
async function startServer() {
  const env = { ...process.env, NODE_ENV: "production" };
  delete env.DATABASE_URL;
  if (baseUrl) {
    const migrated = await scratch(`helio_bench_read_${tag}`);
    env.BENCH_DATABASE_URL = migrated;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "helio-bench-money-"));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  env.BENCH_DATA_DIR = dataDir;
  env.BENCH_MEMBERS = String(BUSY_CONNECTIONS);
  // BENCH_PROFILE_DIR=/tmp/prof writes a V8 CPU profile of the server process there.
  const profile = process.env.BENCH_PROFILE_DIR
    ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
    : [];
  const child = spawn(process.execPath, [...profile, path.join(root, "bench/money-server.mjs")], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  cleanups.push(async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (child.exitCode === null) child.kill("SIGKILL");
  });
  const line = await new Promise((resolve, reject) => {
    readline.createInterface({ input: child.stdout }).once("line", resolve);
    child.once("exit", (code) => reject(new Error(`bench server exited (${code}) before it was ready`)));
  });
  return { ...JSON.parse(line), database: baseUrl ? "PostgreSQL" : "PGlite", pid: child.pid };
}

function cannon(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ pipelining: 1, ...opts }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

async function readBench() {
  const server = await startServer();
  const base = `http://127.0.0.1:${server.port}`;
  // Each connection reads its own member's balances.
  let nextMember = 0;
  const asNextMember = (client) => client.setHeaders({ cookie: server.cookies[nextMember++ % server.cookies.length] });
  const route = (connections, url, signedIn) => ({
    connections,
    url: `${base}${url}`,
    ...(signedIn ? { setupClient: asNextMember } : {}),
  });
  const targets = {
    bare: route(BUSY_CONNECTIONS, "/bench/bare", false),
    wallet: route(BUSY_CONNECTIONS, "/api/wallet", true),
    bareLight: route(LIGHT_CONNECTIONS, "/bench/bare", false),
    walletLight: route(LIGHT_CONNECTIONS, "/api/wallet", true),
    oneQuery: route(BUSY_CONNECTIONS, "/bench/one-query", false),
    me: route(BUSY_CONNECTIONS, "/api/me", true),
  };
  for (const target of Object.values(targets)) await cannon({ ...target, duration: 2 });
  // The two sides of each ratio run back to back, so that the machine's swings (seconds long on a
  // shared host) fall on both alike, and in turns (A B, B A, …) so that neither always runs
  // right after the other; the context routes follow.
  const pairs = [
    ["bare", "wallet"],
    ["bareLight", "walletLight"],
    ["oneQuery", "me"],
  ];
  const totals = Object.fromEntries(
    Object.keys(targets).map((k) => [k, { requests: 0, seconds: 0, p99: 0, bad: 0, cpuMs: 0 }]),
  );
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of inTurns(round, pairs)) {
      const cpuBefore = processCpuMs(server.pid);
      const r = await cannon({ ...targets[name], duration: SLICE_SECONDS });
      const t = totals[name];
      t.cpuMs += processCpuMs(server.pid) - cpuBefore;
      t.requests += r.requests.total;
      t.seconds += r.duration;
      t.p99 = Math.max(t.p99, r.latency.p99);
      t.bad += r.non2xx + r.errors + r.timeouts;
    }
  }
  for (const name of ["wallet", "walletLight", "me"])
    if (totals[name].bad > 0) throw new Error(`${targets[name].url}: ${totals[name].bad} answers were not 200`);
  const rate = (name) => totals[name].requests / totals[name].seconds;
  // The server's own CPU per request is steadier than req/s on a shared machine (the load
  // generator and PostgreSQL take turns on the same cores); its busy share shows whether the load
  // kept it working or it waited.
  const cpuPerRequest = (name) => (totals[name].cpuMs * 1000) / Math.max(1, totals[name].requests);
  const busy = (name) => totals[name].cpuMs / 1000 / totals[name].seconds;
  const line = (label, name) =>
    `    ${label.padEnd(31)}${fmt(rate(name)).padStart(7)} req/s (p99 ${totals[name].p99} ms), ` +
    `server ${cpuPerRequest(name).toFixed(0)} µs CPU per request, busy ${pct(busy(name))}`;
  const ratio = rate("wallet") / rate("bare");
  const lightRatio = rate("walletLight") / rate("bareLight");
  console.info(
    `\nBalance read (GET /api/wallet, signed in, each connection its own member) on ${server.database}, ${ROUNDS} × ${SLICE_SECONDS} s per route, in turns:\n` +
      `  ${BUSY_CONNECTIONS} connections (the throughput comparison, which the target applies to)\n` +
      `${line("bare route", "bare")}\n` +
      `${line("balance read", "wallet")}\n` +
      `    one SQL query, no session     ${fmt(rate("oneQuery")).padStart(7)} req/s (${pct(rate("oneQuery") / rate("bare"))} of bare)\n` +
      `    session only (GET /api/me)    ${fmt(rate("me")).padStart(7)} req/s (${pct(rate("me") / rate("bare"))} of bare)\n` +
      `    ratio ${pct(ratio)}\n` +
      `  ${LIGHT_CONNECTIONS} connections (a lighter load; earlier versions of this bench measured only this)\n` +
      `${line("bare route", "bareLight")}\n` +
      `${line("balance read", "walletLight")}\n` +
      `    ratio ${pct(lightRatio)}\n` +
      `  throughput ratio ${pct(ratio)} (target ≥ ${pct(READ_TARGET)}) ${ratio >= READ_TARGET ? "MET" : "NOT MET"}`,
  );
  results.push({ name: "balance read / bare route", ratio, target: READ_TARGET });
}

// ---------------------------------------------------------------------------------------------
// 2. Ledger movements/s vs pgbench TPC-B on the same PostgreSQL.
// ---------------------------------------------------------------------------------------------
async function pgbenchSetup() {
  const url = await scratch(`helio_bench_pgb_${tag}`);
  await run("pgbench", ["-i", "-q", url], { timeout: 120_000 });
  /** One slice of TPC-B: transactions processed and seconds taken. */
  return async (seconds) => {
    const started = Date.now();
    const { stdout } = await run("pgbench", ["-n", "-T", String(seconds), "-c", String(CLIENTS), "-j", "2", url], {
      timeout: (seconds + 60) * 1000,
    });
    const match = stdout.match(/number of transactions actually processed: (\d+)/);
    const tps = stdout.match(/tps = ([\d.]+)/);
    if (!match || !tps) throw new Error(`unexpected pgbench output:\n${stdout}`);
    // Its own clock excludes connection time: count transactions over the seconds it reports.
    const processed = Number(match[1]);
    return { count: processed, seconds: processed / Number(tps[1]) || (Date.now() - started) / 1000 };
  };
}

async function ledgerSetup() {
  const { register } = await import("tsx/esm/api");
  register();
  const { openDatabase } = await import(path.join(root, "apps/server/src/db/client.ts"));
  const ledger = await import(path.join(root, "apps/server/src/modules/ledger/service.ts"));
  const { user } = await import(path.join(root, "apps/server/src/platform/auth/tables.ts"));
  const url = await scratch(`helio_bench_ledger_${tag}`);
  const database = await openDatabase({ kind: "postgres", url, poolSize: CLIENTS });
  cleanups.push(() => database.close());
  await database.migrate();
  const { db } = database;
  const post = (m) => ledger.moneyTransaction(db, (tx) => ledger.postTransaction(tx, m));

  // 64 members, each opened like at sign-up and funded by a deposit.
  const members = Array.from({ length: 64 }, () => randomUUID());
  await db.insert(user).values(members.map((id) => ({ id, name: id, email: `${id}@bench.test` })));
  for (const id of members) {
    await ledger.openMemberAccounts(db, id);
    await post(deposit(id, 10_000_000));
  }
  // A mix of what members do all day: stake, payout, deposit, move profit to the wallet.
  const movements = [
    (uid) => ({
      kind: "trade_stake",
      legs: [
        { account: { userId: uid, account: "wallet" }, amount: -1_000 },
        { account: { system: "trading_house" }, amount: 1_000 },
      ],
    }),
    (uid) => ({
      kind: "trade_payout",
      legs: [
        { account: { system: "trading_house" }, amount: -1_850 },
        { account: { userId: uid, account: "wallet" }, amount: 1_850 },
      ],
    }),
    (uid) => deposit(uid, 2_500),
    (uid) => ({
      kind: "funds_transfer",
      legs: [
        { account: { userId: uid, account: "wallet" }, amount: -100 },
        { account: { userId: uid, account: "profit" }, amount: 100 },
      ],
    }),
  ];
  let done = 0;
  let verify = async () => {};
  const worker = async (w, until) => {
    for (let i = 0; Date.now() < until; i++) {
      const uid = members[(w * 8 + (i % 8)) % members.length];
      const m = movements[i % movements.length](uid);
      await post({ ...m, idempotencyKey: randomUUID() });
      done++;
    }
  };
  const warm = Date.now() + 2000;
  await Promise.all(Array.from({ length: CLIENTS }, (_, w) => worker(w, warm)));
  verify = async () => {
    const report = await ledger.verifyLedger(db);
    if (!report.ok) throw new Error("the ledger is not sound after the benchmark");
  };
  /** One slice: movements done and seconds taken. */
  const slice = async (seconds) => {
    done = 0;
    const started = Date.now();
    const until = started + seconds * 1000;
    await Promise.all(Array.from({ length: CLIENTS }, (_, w) => worker(w, until)));
    return { count: done, seconds: (Date.now() - started) / 1000 };
  };
  return { slice, verify: () => verify() };
}
function deposit(uid, amount) {
  return {
    kind: "deposit",
    idempotencyKey: randomUUID(),
    legs: [
      { account: { system: "deposits_clearing" }, amount: -amount },
      { account: { userId: uid, account: "wallet" }, amount },
    ],
  };
}

async function ledgerBench() {
  if (!baseUrl) {
    console.info("\nLedger vs pgbench: SKIPPED (set TEST_DATABASE_URL or DATABASE_URL to a PostgreSQL server).");
    return;
  }
  const havePgbench = await run("pgbench", ["--version"]).then(
    () => true,
    () => false,
  );
  const pgbench = havePgbench ? await pgbenchSetup() : null;
  const ledgerRun = await ledgerSetup();
  const sum = { pgbench: { count: 0, seconds: 0 }, ledger: { count: 0, seconds: 0 } };
  const runPgbench = async () => {
    if (!pgbench) return;
    const p = await pgbench(SLICE_SECONDS);
    sum.pgbench.count += p.count;
    sum.pgbench.seconds += p.seconds;
  };
  const runLedger = async () => {
    const l = await ledgerRun.slice(SLICE_SECONDS);
    sum.ledger.count += l.count;
    sum.ledger.seconds += l.seconds;
  };
  // In turns (pgbench first, then the ledger first, …), as the read's comparison above.
  for (let round = 0; round < ROUNDS; round++) {
    for (const side of inTurns(round, [[runPgbench, runLedger]])) await side();
  }
  await ledgerRun.verify();
  const tps = pgbench ? sum.pgbench.count / sum.pgbench.seconds : null;
  const rate = sum.ledger.count / sum.ledger.seconds;
  console.info(
    `\nLedger movements on PostgreSQL (${CLIENTS} concurrent, ${ROUNDS} × ${SLICE_SECONDS} s alternating with pgbench; mix of stake, payout, deposit, transfer):\n` +
      `  ledger   ${fmt(rate)} movements/s (each one database transaction, verified sound afterwards)\n` +
      (tps === null
        ? "  pgbench  not installed: no comparison"
        : `  pgbench  ${fmt(tps)} TPC-B tps (-c ${CLIENTS} -j 2, scale 1)\n` +
          `  ratio ${pct(rate / tps)} (target ≥ ${pct(LEDGER_TARGET)}) ${rate / tps >= LEDGER_TARGET ? "MET" : "NOT MET"}`),
  );
  if (tps !== null) results.push({ name: "ledger / pgbench", ratio: rate / tps, target: LEDGER_TARGET });
}

try {
  if (!only || only === "read") await readBench();
  if (!only || only === "ledger") await ledgerBench();
} catch (error) {
  console.error(`money bench failed: ${error instanceof Error ? error.stack : error}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
if (process.exitCode !== 1) {
  const missed = results.filter((r) => r.ratio < r.target);
  console.info(
    missed.length ? `\nTargets not met: ${missed.map((r) => r.name).join(", ")}` : "\nAll money targets met.",
  );
}
