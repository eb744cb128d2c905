#!/usr/bin/env node
// Chat message latency across two server processes through Redis, sent over the WebSocket.
//
// Starts two Helio servers (A and B) on loopback that share a fresh PostgreSQL database and Redis,
// registers members on A (each with a socket on A) and signs the support admin in on B (a socket
// on B). Then, at a fixed total rate (open loop), members send `chat.send` on A's sockets and
// support answers with `chat.send` on B's socket, alternately, first for --warmup seconds untimed
// (warm processes: JIT, pools), then timed. Each message is timed from just
// before its frame is written until the receiver's socket on the other process gets its
// `chat.message` (socket → transaction → Redis → other process → socket), per direction; the
// sender's `chat.ack` time is shown too. Prints p50/p90/p99/max and the load average; the target
// is p99 < 25 ms at 1,000 messages/s.
//
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379 \
//     node bench/chat-latency.mjs [--rate 1000] [--seconds 5] [--warmup 3] [--members 50] [--one-way 1]
//
// Bounded: at most 20,000 messages and 180 s; everything it creates (processes, database,
// folders) is removed at the end.
import { spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import pg from "pg";
import WebSocket from "ws";
import { processCpuMs } from "./lib.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? Number(process.argv[i + 1]) : fallback;
};
const RATE = Math.min(arg("rate", 1000), 5000);
const SECONDS = Math.min(arg("seconds", 5), 20);
const MEMBERS = Math.min(arg("members", 50), 200);
const TOTAL = Math.min(RATE * SECONDS, 20_000);
const WARMUP_ROUNDS = 3;
const WARMUP_SECONDS = Math.max(0, Math.min(arg("warmup", 3), 10));
const TARGET_P99_MS = 25;
const DRAIN_MS = 60_000;
const HARD_TIMEOUT_MS = 180_000;

const baseDbUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
if (!baseDbUrl || !redisUrl) {
  console.error("chat-latency: set TEST_DATABASE_URL (or DATABASE_URL) and REDIS_URL");
  process.exit(2);
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

const children = [];
const dbName = `helio_bench_${Date.now()}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "helio-bench-"));
const secret = randomBytes(32).toString("hex");
let dbCreated = false;

/** One statement on its own connection (the server's default database unless `url` names one); its rows. */
async function adminQuery(sql, params = [], url = baseDbUrl) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}

async function startServer(name, port, databaseUrl) {
  // BENCH_PROFILE_DIR=/tmp/prof writes a V8 CPU profile of each server process there.
  const profile = process.env.BENCH_PROFILE_DIR
    ? ["--cpu-prof", `--cpu-prof-dir=${path.join(process.env.BENCH_PROFILE_DIR, name)}`]
    : [];
  // BENCH_SERVER_NODE_FLAGS="--max-semi-space-size=64 …" passes Node/V8 flags to both servers.
  const nodeFlags = (process.env.BENCH_SERVER_NODE_FLAGS ?? "").split(" ").filter(Boolean);
  const child = spawn(process.execPath, [...profile, ...nodeFlags, "apps/server/src/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "development",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      AUTH_SECRET: secret,
      ADMIN_EMAIL: "admin@helio.bench",
      ADMIN_PASSWORD: "admin-password-1",
      // Its staff sign in with a password alone (staff two-factor is apps/server's tests).
      STAFF_TWO_FACTOR: "off",
      AUTH_RATE_LIMIT: "100000",
      CHAT_RATE_LIMIT: "100000",
      LOG_LEVEL: "error",
      WEB_DIST: path.join(dataDir, "no-web"),
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  child.stderr.on("data", (d) => process.stderr.write(`[${name}] ${d}`));
  children.push(child);
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server ${name} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return url;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server ${name} did not start`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Keep-alive connections, a bounded number per server (like a load balancer's pool). */
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** A cookie-keeping client of one server, sending its Origin like our pages. */
function client(base) {
  const cookies = new Map();
  const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const request = (method, url, body) =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const headers = { origin: base, accept: "application/json" };
      if (cookies.size) headers.cookie = cookieHeader();
      if (payload !== undefined) {
        headers["content-type"] = "application/json";
        headers["content-length"] = Buffer.byteLength(payload);
      }
      const req = http.request(base + url, { method, headers, agent }, (res) => {
        for (const line of res.headers["set-cookie"] ?? []) {
          const [pair = ""] = line.split(";");
          const i = pair.indexOf("=");
          cookies.set(pair.slice(0, i), pair.slice(i + 1));
        }
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString();
          resolve({ status: res.statusCode, text, json: () => JSON.parse(text) });
        });
        res.on("error", reject);
      });
      req.on("error", reject);
      req.end(payload);
    });
  return { base, cookies, request, cookieHeader };
}

async function registerMember(base, i) {
  const c = client(base);
  const tag = `${Date.now().toString(36)}${i}`;
  const email = `bench_${tag}@example.test`;
  const res = await c.request("POST", "/api/register", {
    firstName: "Bench",
    lastName: `Member ${i}`,
    username: `bench_${tag}`.slice(0, 20),
    email,
    password: "correct-horse-battery",
    currency: "USD",
    acceptTerms: true,
    confirmAdult: true,
  });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${res.text}`);
  const outbox = (await c.request("GET", `/api/dev/outbox?to=${encodeURIComponent(email)}`)).json();
  const link = outbox.items[0]?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error("no verification mail");
  const u = new URL(link);
  await c.request("GET", u.pathname + u.search);
  const me = await c.request("GET", "/api/me");
  if (me.status !== 200) throw new Error(`member not signed in: ${me.status}`);
  return c;
}

function percentile(sorted, p) {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function main() {
  await adminQuery(`CREATE DATABASE ${dbName}`);
  dbCreated = true;
  const dbUrl = new URL(baseDbUrl);
  dbUrl.pathname = `/${dbName}`;
  const [portA, portB] = [await freePort(), await freePort()];
  // A migrates the fresh database first; B finds it ready.
  const a = await startServer("A", portA, dbUrl.toString());
  const b = await startServer("B", portB, dbUrl.toString());

  const support = client(b);
  const signIn = await support.request("POST", "/api/auth/sign-in/email", {
    email: "admin@helio.bench",
    password: "admin-password-1",
  });
  if (signIn.status !== 200) throw new Error(`admin sign-in: ${signIn.status}`);

  const members = [];
  for (let i = 0; i < MEMBERS; i += 10) {
    const batch = Array.from({ length: Math.min(10, MEMBERS - i) }, (_, j) => registerMember(a, i + j));
    members.push(...(await Promise.all(batch)));
  }

  const ONE_WAY = arg("one-way", 0) === 1;
  const url = (base) => `ws://${new URL(base).host.replace("localhost", "127.0.0.1")}/api/ws`;
  /** A signed-in socket; resolves once the server said `ready` (it reads our frames from then on). */
  const openSocket = (c, onMessage) =>
    new Promise((resolve, reject) => {
      const socket = new WebSocket(url(c.base), { headers: { origin: c.base, cookie: c.cookieHeader() } });
      socket.on("message", (raw) => {
        const message = JSON.parse(raw.toString());
        if (message.type === "ready") resolve(socket);
        else onMessage(message);
      });
      socket.once("error", reject);
      socket.once("close", (code) => reject(new Error(`socket closed: ${code}`)));
    });

  // seq → send time; even seqs go member → support ("m:"), odd ones support → member ("s:").
  const sentAt = new Map();
  const received = { m: [], s: [] };
  const acked = { m: [], s: [] };
  const failures = [];
  const ackWaiters = new Map();
  const onMessage = (direction) => (message) => {
    const now = performance.now();
    if (message.type === "chat.ack") {
      const waiter = ackWaiters.get(message.id);
      if (waiter) waiter(message, now);
      return;
    }
    if (message.type !== "chat.message") return;
    const text = message.message.text;
    // Each side's own messages come back to it too (its other tabs): only the other side's count.
    if (!text.startsWith(`${direction}:`)) return;
    const seq = Number(text.slice(2));
    const t0 = sentAt.get(seq);
    if (t0 === undefined) return;
    received[direction].push(now - t0);
    sentAt.delete(seq);
  };
  const supportSocket = await openSocket(support, onMessage("m"));
  const memberSockets = [];
  for (const m of members) memberSockets.push(await openSocket(m, onMessage("s")));
  const chatIds = [];
  for (const m of members) chatIds.push((await m.request("GET", "/api/chat")).json().id);

  /** Sends one `chat.send`; resolves with its ack. */
  const sendWs = (socket, body) =>
    new Promise((resolve) => {
      const id = randomUUID();
      const t0 = performance.now();
      ackWaiters.set(id, (ack, now) => {
        ackWaiters.delete(id);
        resolve({ ack, ms: now - t0 });
      });
      socket.send(JSON.stringify({ type: "chat.send", id, ...body }));
    });

  // Warm up both ways: chats and index entries exist, connections and caches are hot.
  for (let round = 0; round < WARMUP_ROUNDS; round++) {
    const answers = await Promise.all([
      ...memberSockets.map((s) => sendWs(s, { text: `warmup ${round}` })),
      ...chatIds.map((chatId) => sendWs(supportSocket, { chatId, text: `warmup ${round}` })),
    ]);
    for (const { ack } of answers) if (!ack.ok) throw new Error(`warmup send: ${JSON.stringify(ack.error)}`);
  }

  /**
   * Open loop: message k is due at start + k / RATE, whatever the answers do. `send(k)` sends it
   * and returns its acknowledgement; resolves once all `count` are sent.
   */
  const openLoop = (count, send) =>
    new Promise((resolve) => {
      const start = performance.now();
      let next = 0;
      const tick = () => {
        const due = Math.min(count, Math.floor(((performance.now() - start) / 1000) * RATE) + 1);
        while (next < due) send(next++);
        // A timer, not setImmediate: a spinning load generator would take a core from the servers.
        if (next >= count) resolve();
        else setTimeout(tick, 1);
      };
      tick();
    });
  const target = (seq) => {
    const direction = ONE_WAY || seq % 2 === 0 ? "m" : "s";
    const i = Math.floor(seq / (ONE_WAY ? 1 : 2)) % members.length;
    return { direction, socket: direction === "m" ? memberSockets[i] : supportSocket, chatId: chatIds[i] };
  };
  // Then as long again at the full rate, untimed (the receivers ignore "w:" texts), so that what
  // is measured is the steady state of warm processes (JIT, pools), not their first seconds.
  const warmups = [];
  await openLoop(Math.round(RATE * WARMUP_SECONDS), (seq) => {
    const { direction, socket, chatId } = target(seq);
    warmups.push(sendWs(socket, direction === "m" ? { text: `w:${seq}` } : { chatId, text: `w:${seq}` }));
  });
  for (const { ack } of await Promise.all(warmups))
    if (!ack.ok) throw new Error(`warmup send: ${JSON.stringify(ack.error)}`);
  await new Promise((r) => setTimeout(r, 500));

  // CPU time of the two servers, to show the cost per message.
  const cpuMs = () => children.map((child) => processCpuMs(child.pid));
  /** CPU time of every local process with this name (PostgreSQL's backends, Redis), when visible. */
  const cpuMsOf = (name) =>
    fs
      .readdirSync("/proc")
      .filter((entry) => /^\d+$/.test(entry))
      .reduce((sum, pid) => {
        try {
          if (!fs.readFileSync(`/proc/${pid}/stat`, "utf8").includes(`(${name}) `)) return sum;
        } catch {
          return sum;
        }
        return sum + (processCpuMs(pid) || 0);
      }, 0);
  const ownMs = () => {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / 1000;
  };
  // What the servers burn while idle (market ticks, timers), to take out of the figure below.
  const idleStart = cpuMs();
  const idleT0 = performance.now();
  await new Promise((r) => setTimeout(r, 2000));
  const cpuBefore = cpuMs();
  const idleMsPerSecond = cpuBefore.map((v, i) => (v - idleStart[i]) / ((performance.now() - idleT0) / 1000));

  const othersBefore = { postgres: cpuMsOf("postgres"), redis: cpuMsOf("redis-server"), load: ownMs() };
  const start = performance.now();
  const startedAt = new Date();
  let pendingAcks = 0;
  await openLoop(TOTAL, (seq) => {
    const { direction, socket, chatId } = target(seq);
    sentAt.set(seq, performance.now());
    pendingAcks += 1;
    const sent =
      direction === "m" ? sendWs(socket, { text: `m:${seq}` }) : sendWs(socket, { chatId, text: `s:${seq}` });
    sent.then(({ ack, ms }) => {
      pendingAcks -= 1;
      if (ack.ok) acked[direction].push(ms);
      else failures.push(JSON.stringify(ack.error));
    });
  });
  const sendSeconds = (performance.now() - start) / 1000;
  // Bounded: whatever has not arrived DRAIN_MS after the last send counts as not delivered.
  const drainUntil = Date.now() + DRAIN_MS;
  while ((pendingAcks || received.m.length + received.s.length + failures.length < TOTAL) && Date.now() < drainUntil)
    await new Promise((r) => setTimeout(r, 10));
  const load = os.loadavg();
  const elapsedSeconds = (performance.now() - start) / 1000;
  const cpuUsed = cpuMs().map((after, i) => Math.max(0, after - cpuBefore[i] - idleMsPerSecond[i] * elapsedSeconds));
  const others = {
    postgres: cpuMsOf("postgres") - othersBefore.postgres,
    redis: cpuMsOf("redis-server") - othersBefore.redis,
    load: ownMs() - othersBefore.load,
  };
  // Backends PostgreSQL started while timed: each costs a fork and cold caches (decision 0007).
  // Only those still open are seen; the pool keeps every connection, so that is all of them.
  const [{ n: backendsStarted }] = await adminQuery(
    "select count(*)::int as n from pg_stat_activity where datname = current_database() and backend_start >= $1 and pid <> pg_backend_pid()",
    [startedAt],
    dbUrl.toString(),
  );
  supportSocket.terminate();
  for (const s of memberSockets) s.terminate();

  const fmt = (v) => `${v.toFixed(2)} ms`;
  const stats = (values) => {
    const sorted = [...values].sort((x, y) => x - y);
    return {
      n: sorted.length,
      p50: percentile(sorted, 50),
      p90: percentile(sorted, 90),
      p99: percentile(sorted, 99),
      max: sorted.at(-1) ?? Number.NaN,
    };
  };
  const line = (label, s) =>
    `  ${label.padEnd(44)} n ${String(s.n).padStart(5)}  p50 ${fmt(s.p50)}  p90 ${fmt(s.p90)}  p99 ${fmt(s.p99)}  max ${fmt(s.max)}`;
  const both = stats([...received.m, ...received.s]);
  const toSupport = stats(received.m);
  const toMember = stats(received.s);
  const delivered = received.m.length + received.s.length;
  console.info("");
  console.info("Chat latency over the WebSocket, across two processes through Redis");
  console.info(
    `  members ${members.length} (sockets on A), support (socket on B); messages ${TOTAL}${ONE_WAY ? " member → support only" : ", half each way"}, offered ${RATE}/s in total`,
  );
  console.info(
    `  sent in ${sendSeconds.toFixed(2)} s (${(TOTAL / sendSeconds).toFixed(0)}/s); delivered ${delivered} within ${((performance.now() - start) / 1000).toFixed(1)} s, failed ${failures.length}, not delivered ${TOTAL - delivered - failures.length}`,
  );
  console.info(line("member on A → support on B (send → receive)", toSupport));
  if (!ONE_WAY) console.info(line("support on B → member on A (send → receive)", toMember));
  console.info(line("both directions", both));
  console.info(line("member's ack on A (send → chat.ack)", stats(acked.m)));
  if (!ONE_WAY) console.info(line("support's ack on B (send → chat.ack)", stats(acked.s)));
  console.info(
    `  server CPU beyond idle (${idleMsPerSecond.map((v) => v.toFixed(0)).join(" / ")} ms/s): A ${cpuUsed[0].toFixed(0)} ms, B ${cpuUsed[1].toFixed(0)} ms for ${delivered} messages = ${((cpuUsed[0] + cpuUsed[1]) / Math.max(1, delivered)).toFixed(2)} ms per message (both processes, excluding PostgreSQL and Redis)`,
  );
  const perMessage = (ms) => `${(ms / Math.max(1, delivered)).toFixed(2)} ms`;
  console.info(
    `  the rest of the machine per message: PostgreSQL ${perMessage(others.postgres)}, Redis ${perMessage(others.redis)}, this load generator ${perMessage(others.load)} (local processes only)`,
  );
  console.info(`  PostgreSQL backends started during the timed run and still open: ${backendsStarted}`);
  console.info(
    `  load average at the end (1/5/15 min): ${load.map((l) => l.toFixed(2)).join(" / ")} on ${os.cpus().length} CPUs`,
  );
  const met = both.p99 < TARGET_P99_MS;
  console.info(`  target p99 < ${TARGET_P99_MS} ms: ${met ? "met" : "NOT met"}`);
  console.info(
    JSON.stringify({
      bench: "chat-latency",
      transport: "websocket",
      rate: RATE,
      messages: TOTAL,
      delivered,
      failed: failures.length,
      memberToSupport: toSupport,
      supportToMember: ONE_WAY ? null : toMember,
      p50: both.p50,
      p99: both.p99,
      loadavg: load,
      backendsStarted,
      serverCpuMsPerMessage: (cpuUsed[0] + cpuUsed[1]) / Math.max(1, delivered),
      postgresCpuMsPerMessage: others.postgres / Math.max(1, delivered),
      redisCpuMsPerMessage: others.redis / Math.max(1, delivered),
      loadGeneratorCpuMsPerMessage: others.load / Math.max(1, delivered),
      targetMet: met,
    }),
  );
  if (failures.length) console.error(`first failure: ${failures[0]}`);
  return failures.length === 0;
}

async function cleanup() {
  await Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null) return resolve();
          const kill = setTimeout(() => child.kill("SIGKILL"), 10_000);
          child.once("exit", () => {
            clearTimeout(kill);
            resolve();
          });
          child.kill("SIGTERM");
        }),
    ),
  );
  if (dbCreated) await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const timeout = setTimeout(() => {
  console.error(`chat-latency: gave up after ${HARD_TIMEOUT_MS / 1000} s`);
  void cleanup().finally(() => process.exit(1));
}, HARD_TIMEOUT_MS);
let ok = false;
try {
  ok = await main();
} catch (error) {
  console.error(`chat-latency failed: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  clearTimeout(timeout);
  await cleanup();
}
process.exit(ok ? 0 : 1);
