#!/usr/bin/env node
// WebSocket tick delivery lag to many connected clients of one server process.
//
// This process runs the real server (buildApp + listen on loopback, in-memory bus, workers off,
// PGlite by default or a scratch PostgreSQL database when TEST_DATABASE_URL / DATABASE_URL is
// set) and two child processes (this script with --client) hold the WebSocket clients: each
// signs in with one of a few member sessions (the session cookie, like a browser tab; the gateway
// has no per-member connection limit) and waits for "ready". Stages: 1 client (the baseline),
// then 1,000, 5,000 and 10,000 connected clients (added on top of each other). In each stage the
// server records market ticks the way the recorder does (`market.record`: stored, then broadcast
// as one "ticks" message of the 12 pairs), once per interval; each client notes, per message, its
// receive time minus the ticks' `at` (stamped just before `record`; same machine, same clock; ms
// resolution). Reported per stage: p50/p99/max over every delivery, deliveries vs expected, the
// server's event-loop delay, and the ratios against the 1-client baseline (100 rounds every
// 150 ms, as it has one delivery per round).
//
//   node bench/ticks.mjs [--sizes 1000,5000,10000] [--rounds 8] [--interval 1000]
//
// Bounded in time (stopped after 420 s); the children, the folder and the database it makes are
// removed at the end. If a stage cannot connect all its clients (file descriptors, memory,
// ports), the errors are printed as they were seen and the stage is measured with what connected.
import { fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { benchAppEnv, boundedRun, registerVerified, scratchDatabase } from "./lib.mjs";
import { loadTypeScript } from "./typescript.mjs";

const self = fileURLToPath(import.meta.url);

// ---------------------------------------------------------------------------------------------
// Client process: holds sockets, measures lag of "ticks" messages.
// ---------------------------------------------------------------------------------------------
if (process.argv.includes("--client")) {
  const { default: WebSocket } = await import("ws");
  const sockets = new Set();
  let lags = [];
  let recording = false;
  let droppedAfterReady = 0;
  const now = () => performance.timeOrigin + performance.now();
  const AT = '"at":"';

  const openOne = (url, origin, cookie) =>
    new Promise((resolve) => {
      const ws = new WebSocket(url, { headers: { origin, cookie }, perMessageDeflate: false });
      let state = "opening";
      const fail = (why) => {
        if (state !== "opening") return;
        state = "failed";
        ws.terminate();
        resolve(why);
      };
      const timer = setTimeout(() => fail("timeout (30 s)"), 30_000);
      ws.on("message", (data) => {
        const received = now();
        const text = data.toString();
        if (state === "opening") {
          if (text.startsWith('{"type":"ready"')) {
            state = "ready";
            clearTimeout(timer);
            sockets.add(ws);
            resolve(null);
          }
          return;
        }
        if (!recording || !text.startsWith('{"type":"ticks"')) return;
        const i = text.indexOf(AT);
        if (i < 0) return;
        const at = Date.parse(text.slice(i + AT.length, i + AT.length + 24));
        lags.push(received - at);
      });
      ws.on("unexpected-response", (_req, res) => fail(`HTTP ${res.statusCode}`));
      ws.on("error", (error) => fail(error.code || error.message));
      ws.on("close", (code, reason) => {
        clearTimeout(timer);
        if (state === "ready") {
          sockets.delete(ws);
          droppedAfterReady++;
        }
        fail(`closed ${code} ${reason}`);
      });
    });

  process.on("message", async (msg) => {
    if (msg.cmd === "connect") {
      const errors = {};
      let ok = 0;
      let next = 0;
      const worker = async () => {
        while (next < msg.count) {
          const i = next++;
          const error = await openOne(msg.url, msg.origin, msg.cookies[(msg.offset + i) % msg.cookies.length]);
          if (error) errors[error] = (errors[error] ?? 0) + 1;
          else ok++;
        }
      };
      await Promise.all(Array.from({ length: Math.min(msg.concurrency, msg.count) }, worker));
      process.send({ type: "connected", ok, errors, open: sockets.size, dropped: droppedAfterReady });
    } else if (msg.cmd === "record") {
      lags = [];
      recording = true;
      process.send({ type: "recording" });
    } else if (msg.cmd === "stop") {
      recording = false;
      process.send({ type: "lags", lags, open: sockets.size, dropped: droppedAfterReady });
      lags = [];
    } else if (msg.cmd === "exit") {
      for (const ws of sockets) ws.terminate();
      process.exit(0);
    }
  });
  process.on("disconnect", () => process.exit(0));
  process.send({ type: "up" });
} else {
  await main();
}

// ---------------------------------------------------------------------------------------------
// Server process.
// ---------------------------------------------------------------------------------------------
async function main() {
  const root = path.resolve(path.dirname(self), "..");
  const arg = (name, fallback) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
  };
  const SIZES = String(arg("sizes", "1000,5000,10000"))
    .split(",")
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0 && n <= 20_000)
    .sort((a, b) => a - b);
  const ROUNDS = Math.max(2, Math.min(Number(arg("rounds", 8)), 60));
  const INTERVAL_MS = Math.max(50, Math.min(Number(arg("interval", 1000)), 5000));
  const CHILDREN = 2;
  const MEMBERS = 4;
  const baseUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;

  const { cleanups, cleanup } = boundedRun("ticks bench", 420_000);

  try {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "helio-bench-ticks-"));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const databaseUrl = baseUrl
      ? await scratchDatabase(baseUrl, `helio_bench_ticks_${randomBytes(4).toString("hex")}`, cleanups)
      : undefined;

    await loadTypeScript();
    const { buildApp } = await import(path.join(root, "apps/server/src/app.ts"));
    const { loadConfig } = await import(path.join(root, "apps/server/src/config.ts"));
    const { listOutbox } = await import(path.join(root, "apps/server/src/platform/mail/mailer.ts"));
    const { SIM_START } = await import(path.join(root, "apps/server/src/modules/market/sources.ts"));
    const { priceToUnits } = await import(path.join(root, "packages/shared/src/index.ts"));

    const publicUrl = "http://localhost:3997";
    const app = await buildApp(loadConfig(benchAppEnv({ publicUrl, dataDir, databaseUrl })));
    cleanups.push(() => app.close());

    // A few verified members; the clients share their session cookies.
    const cookies = [];
    for (let i = 0; i < MEMBERS; i++) {
      const { cookie } = await registerVerified(app, { publicUrl, listOutbox, prefix: "ticks", lastName: "Viewer" });
      cookies.push(cookie);
    }

    await app.listen({ port: 0, host: "127.0.0.1" });
    const wsUrl = `ws://127.0.0.1:${app.server.address().port}/api/ws`;

    // The client processes.
    const children = [];
    for (let c = 0; c < CHILDREN; c++) {
      const child = fork(self, ["--client"], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
      const inbox = [];
      const waiters = [];
      child.on("message", (m) => {
        const w = waiters.findIndex((x) => x.type === m.type);
        if (w >= 0) waiters.splice(w, 1)[0].resolve(m);
        else inbox.push(m);
      });
      const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
      const next = (type, timeout = 180_000) => {
        const i = inbox.findIndex((m) => m.type === type);
        if (i >= 0) return Promise.resolve(inbox.splice(i, 1)[0]);
        return new Promise((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`client ${c}: no "${type}" within ${timeout} ms`)), timeout);
          waiters.push({
            type,
            resolve: (m) => {
              clearTimeout(timer);
              resolve(m);
            },
          });
          exited.then(({ code, signal }) => reject(new Error(`client ${c} exited (${code ?? signal})`)));
        });
      };
      children.push({ child, next, connected: 0 });
      cleanups.push(async () => {
        if (child.exitCode === null && child.signalCode === null) {
          child.send({ cmd: "exit" });
          await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
          if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
        }
      });
      await next("up");
    }

    const fdLimit = (fs.readFileSync("/proc/self/limits", "utf8").match(/Max open files\s+(\d+)\s+(\d+)/) ?? [])
      .slice(1)
      .join(" / ");
    console.info(
      `server: one process, ${databaseUrl ? "PostgreSQL" : "PGlite"}, in-memory bus; clients: ${CHILDREN} processes, ` +
        `${MEMBERS} member sessions; ${ROUNDS} rounds of 12 ticks every ${INTERVAL_MS} ms per stage; ` +
        `open files limit (soft / hard): ${fdLimit || "?"}; ${os.cpus().length} cores, load ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(" ")}`,
    );

    /** Brings the total of connected clients to `total`, split evenly over the children. */
    const connectTo = async (total) => {
      const started = performance.now();
      const shares = children.map((_, i) => Math.floor(total / CHILDREN) + (i < total % CHILDREN ? 1 : 0));
      const results = await Promise.all(
        children.map(async (ch, i) => {
          const count = Math.max(0, (shares[i] ?? 0) - ch.connected);
          if (!count) return { ok: 0, errors: {}, open: ch.connected, dropped: 0 };
          ch.child.send({
            cmd: "connect",
            url: wsUrl,
            origin: publicUrl,
            cookies,
            offset: ch.connected,
            count,
            concurrency: 100,
          });
          const r = await ch.next("connected", 240_000);
          ch.connected = r.open;
          return r;
        }),
      );
      const errors = {};
      for (const r of results) for (const [k, v] of Object.entries(r.errors)) errors[k] = (errors[k] ?? 0) + v;
      const open = results.reduce((a, r) => a + r.open, 0);
      return { open, errors, seconds: (performance.now() - started) / 1000 };
    };

    const symbols = Object.keys(SIM_START);
    const ticksAt = (at) => symbols.map((symbol) => ({ symbol, price: priceToUnits(SIM_START[symbol].price), at }));
    const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
    /** Nearest-rank percentile of sorted values. */
    const pct = (sorted, p) =>
      sorted.length ? sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] : Number.NaN;

    /** ROUNDS broadcasts; every client's lags, merged. */
    const measure = async (open, rounds, interval) => {
      await app.services.market.record(ticksAt(new Date())); // warm-up round, not counted
      await sleep(Math.min(interval, 500));
      await Promise.all(
        children.map(async (ch) => {
          ch.child.send({ cmd: "record" });
          await ch.next("recording");
        }),
      );
      const loop = monitorEventLoopDelay({ resolution: 10 });
      loop.enable();
      const recordMs = [];
      for (let r = 0; r < rounds; r++) {
        const started = performance.now();
        await app.services.market.record(ticksAt(new Date()));
        recordMs.push(performance.now() - started);
        await sleep(interval);
      }
      await sleep(Math.max(1000, interval)); // let the last round drain
      loop.disable();
      const parts = await Promise.all(
        children.map(async (ch) => {
          ch.child.send({ cmd: "stop" });
          return ch.next("lags", 60_000);
        }),
      );
      const lags = parts.flatMap((p) => p.lags).sort((a, b) => a - b);
      return {
        clients: open,
        delivered: lags.length,
        expected: open * rounds,
        p50: pct(lags, 50),
        p99: pct(lags, 99),
        max: lags.length ? lags[lags.length - 1] : NaN,
        loopP99: loop.percentile(99) / 1e6,
        loopMax: loop.max / 1e6,
        dropped: parts.reduce((a, p) => a + p.dropped, 0),
      };
    };

    const rows = [];
    const problems = [];
    for (const size of [1, ...SIZES]) {
      const c = await connectTo(size);
      const note =
        c.open < size
          ? `connected ${c.open} of ${size} in ${c.seconds.toFixed(1)} s; errors: ${JSON.stringify(c.errors)}`
          : `connected in ${c.seconds.toFixed(1)} s`;
      if (c.open < size) problems.push(`${size} clients: ${note}`);
      console.info(`stage ${size}: ${note}`);
      if (!c.open) continue;
      // The baseline has one delivery per round: 100 rounds (at a shorter interval, it has nothing
      // to catch up with), so that its p99 is not just its max.
      const m = await measure(c.open, size === 1 ? 100 : ROUNDS, size === 1 ? Math.min(INTERVAL_MS, 150) : INTERVAL_MS);
      rows.push({ size, ...m });
      console.info(
        `stage ${size}: p50 ${m.p50.toFixed(1)} ms, p99 ${m.p99.toFixed(1)} ms, max ${m.max.toFixed(1)} ms; ` +
          `${m.delivered}/${m.expected} delivered`,
      );
      if (c.open < size) break; // the next stage could not get further
    }

    const base = rows.find((r) => r.size === 1);
    const f = (v) => (Number.isFinite(v) ? v.toFixed(1) : "–");
    const ratio = (v, b) => (b && Number.isFinite(v) && b > 0 ? `${(v / b).toFixed(1)}×` : "–");
    console.info(
      "\nclients | delivered/expected | lag p50 | p99 | max (ms) | p50, p99 vs 1 client | server event-loop delay p99 / max (ms)",
    );
    for (const r of rows) {
      console.info(
        `${String(r.clients).padStart(7)} | ${`${r.delivered}/${r.expected}`.padStart(18)} | ${f(r.p50).padStart(7)} | ` +
          `${f(r.p99).padStart(6)} | ${f(r.max).padStart(8)} | ${`${ratio(r.p50, base?.p50)}, ${ratio(r.p99, base?.p99)}`.padStart(
            20,
          )} | ${f(r.loopP99)} / ${f(r.loopMax)}${r.dropped ? ` (${r.dropped} sockets dropped)` : ""}`,
      );
    }
    if (problems.length) console.info(`\nnot reached: ${problems.join("; ")}`);
  } finally {
    await cleanup();
  }
}
