#!/usr/bin/env node
// Money benchmarks (part of `npm run bench`):
//  1. Balance reads, three sides measured with autocannon over loopback, in turns:
//     - the authenticated balance read (GET /api/wallet, each connection with its own member's session),
//     - a bare route in the same server process (GET /api/bench/bare, {"ok":true}: the app's plugins,
//       hooks and an API answer's headers, no work),
//     - a separate bare Fastify process (bench/bare-server.mjs): the same Fastify version as the app
//       (resolved from apps/server), logger off, only that one route; on a free port, its own process.
//     Prints each side's req/s and the ratios balance read / bare process (target ≥ 60%), bare route /
//     bare process (target ≥ 85%: what the app's stack costs an empty route) and balance read / bare
//     route (target ≥ 60%), at two loads: 64 connections, which keep the servers busy (the throughput
//     comparison, which the targets apply to), and 16, where the read waits on its query and the
//     server idles part of the time.
//  2. Ledger movements per second on PostgreSQL (postTransaction through the pool, 8 concurrent
//     workers) against pgbench's TPC-B tps (`-c 8 -j 2`, initialised at scale 10 so that the 8
//     clients spread over 10 branch rows instead of queueing on one; pgbench wants scale ≥ clients)
//     on the same server in the same run; prints the ratio (target ≥ 100%), and each side's CPU per
//     transaction: the whole machine's (from /proc/stat, Linux) and, for the ledger, this process's,
//     where its client runs. Needs TEST_DATABASE_URL or DATABASE_URL, and pgbench.
//
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/money.mjs [--seconds 10] [--connections 64] [--only read|ledger]
//     [--server-node /usr/bin/node,node_modules/.bin/node]   the read comparison on each of these runtimes, in turns
//     [--tracing]   each runtime's app twice, tracing off and on (OTLP to a sink in this process), in turns
//
// Each measurement takes --seconds (2 to 30, default 10), split in 4 rounds of slices of a quarter
// of it (at least 1 s); `--seconds 2` is a smoke run (1 s slices, about a minute and a half in all).
// Bounded in time (the whole run is stopped after 180 s plus 10 × its measuring time), loopback
// only; every database, folder and process it makes is removed at the end.
import { execFile, spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import autocannon from "autocannon";
import { boundedRun, machineCpuMs, numberArg, processCpuMs, scratchDatabase } from "./lib.mjs";
import { loadTypeScript } from "./typescript.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const arg = numberArg;
const SECONDS = Math.max(2, Math.min(arg("seconds", 10), 30));
/** Connections of the throughput comparison: enough that the server is busy on both routes. */
const BUSY_CONNECTIONS = Math.max(16, Math.min(arg("connections", 64), 256));
/** A lighter load, reported beside it (and the one earlier versions of this bench used). */
const LIGHT_CONNECTIONS = 16;
const CLIENTS = 8; // pgbench -c 8 -j 2, and as many concurrent ledger workers
/** The sides of each comparison run in turns (A B C, C B A, …) in this many slices, so that a change
 * in the machine's load during the run affects all alike; even, so the ends run first as often. */
const ROUNDS = 4;
const SLICE_SECONDS = Math.max(1, Math.round(SECONDS / ROUNDS));
/** Round `round`'s order: each group as given in even rounds, reversed in odd ones. */
const inTurns = (round, groups) => groups.flatMap((g) => (round % 2 === 0 ? g : [...g].reverse()));
const READ_TARGET = 0.6;
/** The app's in-process bare route against the bare Fastify process: what the app's stack costs. */
const STACK_TARGET = 0.85;
const PGBENCH_SCALE = 10; // ≥ CLIENTS, so that pgbench's clients do not all queue on one branch row
const LEDGER_TARGET = 1.0;
const only = process.argv.includes("--only") ? process.argv[process.argv.indexOf("--only") + 1] : undefined;
/**
 * The node binaries the read comparison's servers run on (`--server-node /path/a[,/path/b]`): each
 * gets its own app server and bare process, measured in turns with the others in the same run.
 * Default: the node running this bench.
 */
const SERVER_NODES = (
  process.argv.includes("--server-node") ? process.argv[process.argv.indexOf("--server-node") + 1] : process.execPath
)
  .split(",")
  .filter(Boolean);
/**
 * `--tracing`: every runtime's app server runs twice, with tracing off (the default) and on, exporting
 * over OTLP/HTTP to a sink in this process, so that what tracing costs, on and off, is measured in turns.
 */
const TRACING_MODES = process.argv.includes("--tracing") ? [false, true] : [false];
const VARIANTS = SERVER_NODES.flatMap((node) => TRACING_MODES.map((tracing) => ({ node, tracing })));
/** Measuring takes 8 read slices a variant and 2 more (pgbench, the ledger) a round; 180 s a variant for setting up. */
const HARD_TIMEOUT_MS = (180 * VARIANTS.length + (2 + 8 * VARIANTS.length) * ROUNDS * SLICE_SECONDS) * 1000;

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
// 1. Authenticated balance reads vs a bare route in the app vs a bare Fastify process.
// ---------------------------------------------------------------------------------------------
/** Starts `<node> [flags] bench/<file>` (stopped by the cleanups); resolves with its first stdout line, its ready signal, parsed. */
async function startProcess(file, env, flags = [], node = process.execPath) {
  const child = spawn(node, [...flags, path.join(root, "bench", file)], {
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
    child.once("exit", (code) => reject(new Error(`bench/${file} exited (${code}) before it was ready`)));
  });
  return { ...JSON.parse(line), pid: child.pid };
}

async function startServer(node, otlpEndpoint) {
  const env = { ...process.env, NODE_ENV: "production" };
  delete env.DATABASE_URL;
  delete env.BENCH_OTLP_ENDPOINT;
  if (otlpEndpoint) env.BENCH_OTLP_ENDPOINT = otlpEndpoint;
  if (baseUrl) {
    const migrated = await scratch(`helio_bench_read_${tag}_${randomBytes(2).toString("hex")}`);
    env.BENCH_DATABASE_URL = migrated;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "helio-bench-money-"));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  env.BENCH_DATA_DIR = dataDir;
  env.BENCH_MEMBERS = String(BUSY_CONNECTIONS);
  // BENCH_PROFILE_DIR=/tmp/prof writes a V8 CPU profile of each server process there.
  const profile = process.env.BENCH_PROFILE_DIR
    ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
    : [];
  const server = await startProcess("money-server.mjs", env, profile, node);
  return { ...server, database: baseUrl ? "PostgreSQL" : "PGlite" };
}

/** The bare Fastify process, on its own free port, with the app's NODE_ENV and the same node. */
async function startBareProcess(node) {
  const env = { ...process.env, NODE_ENV: "production" };
  delete env.DATABASE_URL;
  const profile = process.env.BENCH_PROFILE_DIR
    ? ["--cpu-prof", `--cpu-prof-dir=${path.join(process.env.BENCH_PROFILE_DIR, "bare")}`]
    : [];
  return startProcess("bare-server.mjs", env, profile, node);
}

function cannon(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ pipelining: 1, ...opts }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/**
 * An OTLP/HTTP collector stand-in: answers every export with 200 and counts what it received, so that
 * a tracing-on server pays for building and sending its spans, as it would to a real collector.
 */
async function startOtlpSink() {
  const received = { exports: 0, bytes: 0 };
  const sink = http.createServer((req, res) => {
    req.on("data", (chunk) => {
      received.bytes += chunk.length;
    });
    req.on("end", () => {
      received.exports++;
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise((resolve) => sink.listen(0, "127.0.0.1", resolve));
  cleanups.push(() => new Promise((resolve) => sink.close(resolve)));
  return { endpoint: `http://127.0.0.1:${sink.address().port}`, received };
}

let otlpSink;

/** One runtime's server and bare process, started on `node`; their Fastify and Node must agree. */
async function startRuntime({ node, tracing }, index) {
  if (tracing) otlpSink ??= await startOtlpSink();
  const server = await startServer(node, tracing ? otlpSink.endpoint : undefined);
  const bareProcess = await startBareProcess(node);
  if (bareProcess.fastify !== server.fastify)
    throw new Error(`the bare process runs Fastify ${bareProcess.fastify}, the app ${server.fastify}`);
  if (bareProcess.node !== server.node)
    throw new Error(`the bare process runs Node ${bareProcess.node}, the app ${server.node}`);
  const label = `Node ${server.node}${TRACING_MODES.length > 1 ? `, tracing ${tracing ? "on" : "off"}` : ""}`;
  return { label, server, bareProcess, suffix: `@${index}` };
}

async function readBench() {
  const runtimes = [];
  for (const [index, variant] of VARIANTS.entries()) runtimes.push(await startRuntime(variant, index));
  const targets = {};
  for (const { server, bareProcess, suffix } of runtimes) {
    // Each connection reads its own member's balances.
    let nextMember = 0;
    const asNextMember = (client) =>
      client.setHeaders({ cookie: server.cookies[nextMember++ % server.cookies.length] });
    const route = (connections, url, signedIn, at = server) => ({
      connections,
      url: `http://127.0.0.1:${at.port}${url}`,
      pid: at.pid,
      ...(signedIn ? { setupClient: asNextMember } : {}),
    });
    Object.assign(targets, {
      [`bare${suffix}`]: route(BUSY_CONNECTIONS, "/api/bench/bare", false),
      [`bareProcess${suffix}`]: route(BUSY_CONNECTIONS, "/bench/bare", false, bareProcess),
      [`wallet${suffix}`]: route(BUSY_CONNECTIONS, "/api/wallet", true),
      [`bareLight${suffix}`]: route(LIGHT_CONNECTIONS, "/api/bench/bare", false),
      [`bareProcessLight${suffix}`]: route(LIGHT_CONNECTIONS, "/bench/bare", false, bareProcess),
      [`walletLight${suffix}`]: route(LIGHT_CONNECTIONS, "/api/wallet", true),
      [`oneQuery${suffix}`]: route(BUSY_CONNECTIONS, "/api/bench/one-query", false),
      [`me${suffix}`]: route(BUSY_CONNECTIONS, "/api/me", true),
    });
  }
  for (const { pid, ...target } of Object.values(targets)) await cannon({ ...target, duration: 2 });
  // The sides of each comparison run back to back, so that the machine's swings (seconds long on a
  // shared host) fall on all alike, and in turns (A B C, C B A, …) so that none always runs right
  // after another; the bare process, which both targets divide by, sits between the other two. With
  // several runtimes, their groups stand side by side and swap places every round too.
  const perRuntime = (names) => runtimes.flatMap(({ suffix }) => names.map((name) => `${name}${suffix}`));
  const groups = [
    perRuntime(["bare", "bareProcess", "wallet"]),
    perRuntime(["bareLight", "bareProcessLight", "walletLight"]),
    perRuntime(["oneQuery", "me"]),
  ];
  const totals = Object.fromEntries(
    Object.keys(targets).map((k) => [k, { requests: 0, seconds: 0, p99: 0, bad: 0, cpuMs: 0 }]),
  );
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of inTurns(round, groups)) {
      const { pid, ...target } = targets[name];
      const cpuBefore = processCpuMs(pid);
      const r = await cannon({ ...target, duration: SLICE_SECONDS });
      const t = totals[name];
      t.cpuMs += processCpuMs(pid) - cpuBefore;
      t.requests += r.requests.total;
      t.seconds += r.duration;
      t.p99 = Math.max(t.p99, r.latency.p99);
      t.bad += r.non2xx + r.errors + r.timeouts;
    }
  }
  for (const name of Object.keys(targets))
    if (totals[name].bad > 0) throw new Error(`${targets[name].url}: ${totals[name].bad} answers were not 200`);
  for (const runtime of runtimes) reportRuntime(runtime, totals, runtimes.length > 1);
  if (otlpSink) reportTracingCost(runtimes, totals);
}

/** Tracing on against off, per runtime: throughput and the server's CPU per request of each route. */
function reportTracingCost(runtimes, totals) {
  const lines = [];
  for (let i = 0; i + 1 < runtimes.length; i += 2) {
    const [off, on] = [runtimes[i], runtimes[i + 1]];
    for (const [text, name] of [
      ["bare route", "bare"],
      ["balance read", "wallet"],
    ]) {
      const figures = (runtime) => {
        const t = totals[`${name}${runtime.suffix}`];
        return { rate: t.requests / t.seconds, cpuUs: (t.cpuMs * 1000) / Math.max(1, t.requests) };
      };
      const a = figures(off);
      const b = figures(on);
      lines.push(
        `  ${off.server.node} ${text.padEnd(13)} off ${fmt(a.rate)} req/s, ${a.cpuUs.toFixed(1)} µs CPU; ` +
          `on ${fmt(b.rate)} req/s, ${b.cpuUs.toFixed(1)} µs CPU (on / off ${pct(b.rate / a.rate)} of the rate)`,
      );
    }
  }
  console.info(
    `\nTracing, ${BUSY_CONNECTIONS} connections, off against on (the sink received ${fmt(otlpSink.received.exports)} exports, ` +
      `${fmt(otlpSink.received.bytes / 1024)} KiB):\n${lines.join("\n")}`,
  );
}

/** Prints one runtime's figures and records its verdicts (named by runtime when there are several). */
function reportRuntime({ label, server, bareProcess, suffix }, totals, named) {
  const t = (name) => totals[`${name}${suffix}`];
  const rate = (name) => t(name).requests / t(name).seconds;
  // The server's own CPU per request is steadier than req/s on a shared machine (the load
  // generator and PostgreSQL take turns on the same cores); its busy share shows whether the load
  // kept it working or it waited.
  const cpuPerRequest = (name) => (t(name).cpuMs * 1000) / Math.max(1, t(name).requests);
  const busy = (name) => t(name).cpuMs / 1000 / t(name).seconds;
  const line = (text, name) =>
    `    ${text.padEnd(31)}${fmt(rate(name)).padStart(7)} req/s (p99 ${t(name).p99} ms), ` +
    `server ${cpuPerRequest(name).toFixed(0)} µs CPU per request, busy ${pct(busy(name))}`;
  const ratios = (light) => ({
    readToProcess: rate(`wallet${light}`) / rate(`bareProcess${light}`),
    routeToProcess: rate(`bare${light}`) / rate(`bareProcess${light}`),
    readToRoute: rate(`wallet${light}`) / rate(`bare${light}`),
  });
  const busyRatios = ratios("");
  const lightRatios = ratios("Light");
  const ratioLines = (r) =>
    `    balance read / bare process ${pct(r.readToProcess)}, bare route / bare process ${pct(r.routeToProcess)}, ` +
    `balance read / bare route ${pct(r.readToRoute)}\n`;
  const prefix = named ? `${label}: ` : "";
  const verdicts = [
    { name: `${prefix}balance read / bare process`, ratio: busyRatios.readToProcess, target: READ_TARGET },
    { name: `${prefix}bare route / bare process`, ratio: busyRatios.routeToProcess, target: STACK_TARGET },
    { name: `${prefix}balance read / bare route`, ratio: busyRatios.readToRoute, target: READ_TARGET },
  ];
  console.info(
    `\nBalance read (GET /api/wallet, signed in, each connection its own member) on ${server.database}, ${label}, ${ROUNDS} × ${SLICE_SECONDS} s per route, in turns:\n` +
      `  ${BUSY_CONNECTIONS} connections (the throughput comparison, which the targets apply to)\n` +
      `${line(`bare Fastify ${bareProcess.fastify} process`, "bareProcess")}\n` +
      `${line("bare route (in the app)", "bare")}\n` +
      `${line("balance read", "wallet")}\n` +
      `    one SQL query, no session     ${fmt(rate("oneQuery")).padStart(7)} req/s (${pct(rate("oneQuery") / rate("bare"))} of bare route)\n` +
      `    session only (GET /api/me)    ${fmt(rate("me")).padStart(7)} req/s (${pct(rate("me") / rate("bare"))} of bare route)\n` +
      ratioLines(busyRatios) +
      `  ${LIGHT_CONNECTIONS} connections (a lighter load, where the read waits on its query)\n` +
      `${line(`bare Fastify ${bareProcess.fastify} process`, "bareProcessLight")}\n` +
      `${line("bare route (in the app)", "bareLight")}\n` +
      `${line("balance read", "walletLight")}\n` +
      ratioLines(lightRatios) +
      verdicts
        .map(
          (v) => `  ${v.name} ${pct(v.ratio)} (target ≥ ${pct(v.target)}) ${v.ratio >= v.target ? "MET" : "NOT MET"}`,
        )
        .join("\n"),
  );
  results.push(...verdicts);
}

// ---------------------------------------------------------------------------------------------
// 2. Ledger movements/s vs pgbench TPC-B on the same PostgreSQL.
// ---------------------------------------------------------------------------------------------
async function pgbenchSetup() {
  const url = await scratch(`helio_bench_pgb_${tag}`);
  await run("pgbench", ["-i", "-q", "-s", String(PGBENCH_SCALE), url], { timeout: 120_000 });
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
  await loadTypeScript();
  const { openDatabase } = await import(path.join(root, "apps/server/src/db/client.ts"));
  const ledger = await import(path.join(root, "apps/server/src/modules/ledger/index.ts"));
  const { user } = await import(path.join(root, "apps/server/src/platform/auth/tables.ts"));
  const { fromCents } = await import(path.join(root, "packages/shared/src/values.ts"));
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
    await post(deposit(id, fromCents(10_000_000)));
  }
  // A mix of what members do all day: stake, payout, deposit, move profit to the wallet.
  const movements = [
    (uid) => ({
      kind: "trade_stake",
      legs: [
        { account: { userId: uid, account: "wallet" }, amount: -fromCents(1_000) },
        { account: { system: "trading_house" }, amount: fromCents(1_000) },
      ],
    }),
    (uid) => ({
      kind: "trade_payout",
      legs: [
        { account: { system: "trading_house" }, amount: -fromCents(1_850) },
        { account: { userId: uid, account: "wallet" }, amount: fromCents(1_850) },
      ],
    }),
    (uid) => deposit(uid, fromCents(2_500)),
    (uid) => ({
      kind: "funds_transfer",
      legs: [
        { account: { userId: uid, account: "wallet" }, amount: -fromCents(100) },
        { account: { userId: uid, account: "profit" }, amount: fromCents(100) },
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
  // CPU per transaction, of the whole machine and of this process (where the ledger's client
  // runs): where the time goes when the two differ (docs/performance.md, "Ledger").
  const sum = {
    pgbench: { count: 0, seconds: 0, machineMs: 0, ownMs: 0 },
    ledger: { count: 0, seconds: 0, machineMs: 0, ownMs: 0 },
  };
  const measured = async (side, slice) => {
    const machine = machineCpuMs();
    const own = process.cpuUsage();
    const r = await slice(SLICE_SECONDS);
    const used = process.cpuUsage(own);
    sum[side].count += r.count;
    sum[side].seconds += r.seconds;
    sum[side].machineMs += machineCpuMs() - machine;
    sum[side].ownMs += (used.user + used.system) / 1000;
  };
  const runPgbench = async () => {
    if (pgbench) await measured("pgbench", pgbench);
  };
  const runLedger = () => measured("ledger", ledgerRun.slice);
  // In turns (pgbench first, then the ledger first, …), as the read's comparison above.
  for (let round = 0; round < ROUNDS; round++) {
    for (const side of inTurns(round, [[runPgbench, runLedger]])) await side();
  }
  await ledgerRun.verify();
  const tps = pgbench ? sum.pgbench.count / sum.pgbench.seconds : null;
  const rate = sum.ledger.count / sum.ledger.seconds;
  const perTransaction = (side) => {
    const { count, machineMs } = sum[side];
    const machine = (machineMs * 1000) / count;
    return Number.isNaN(machine) ? "" : `; machine CPU ${fmt(machine)} µs per transaction`;
  };
  const ledgerCpu = perTransaction("ledger");
  const ledgerClient = ledgerCpu
    ? `${ledgerCpu}, of which ${fmt((sum.ledger.ownMs * 1000) / sum.ledger.count)} µs in this process (the client)`
    : "";
  console.info(
    `\nLedger movements on PostgreSQL (${CLIENTS} concurrent, ${ROUNDS} × ${SLICE_SECONDS} s alternating with pgbench; mix of stake, payout, deposit, transfer):\n` +
      `  ledger   ${fmt(rate)} movements/s (each one database transaction, verified sound afterwards)${ledgerClient}\n` +
      (tps === null
        ? "  pgbench  not installed: no comparison"
        : `  pgbench  ${fmt(tps)} TPC-B tps (-c ${CLIENTS} -j 2, scale ${PGBENCH_SCALE})${perTransaction("pgbench")}\n` +
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
