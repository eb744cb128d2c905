// `npm run test:cluster`: the cluster of `npm run cluster` (N app processes behind HAProxy, one
// PostgreSQL database, Redis, an S3 server), driven through the load balancer only by many
// simulated members at once for a bounded time, while one process is SIGKILLed and started again
// and then every process is restarted in turn (SIGTERM, readiness drain). Then it proves nothing
// was lost or doubled, prints the figures, and exits 1 on any loss or violation.
//
// Options (or environment): --members (CLUSTER_TEST_MEMBERS, 30), --duration seconds of load
// (CLUSTER_TEST_DURATION, 45; extended until the rolling restart is over), --size processes
// (CLUSTER_SIZE, 3). Database server: TEST_DATABASE_URL or DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/postgres); a fresh database is made and dropped. REDIS_URL.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import pg from "pg";
import {
  HttpClient,
  HttpError,
  LiveSocket,
  Metrics,
  multipart,
  percentile,
  png,
  verificationLink,
  withdrawalConfirmationToken,
} from "./cluster/load-client.mjs";
import { DEFAULT_DATABASE_URL, dropDatabase, startCluster } from "./cluster/start-cluster.mjs";

const wallStart = performance.now();
const { values } = parseArgs({
  options: {
    members: { type: "string" },
    duration: { type: "string" },
    size: { type: "string" },
    workers: { type: "string" },
  },
});
const MEMBERS = Number(values.members ?? process.env.CLUSTER_TEST_MEMBERS ?? 30);
const DURATION_S = Number(values.duration ?? process.env.CLUSTER_TEST_DURATION ?? 45);
const SIZE = Number(values.size ?? values.workers ?? process.env.CLUSTER_SIZE ?? 3);
if (![MEMBERS, DURATION_S, SIZE].every((n) => Number.isInteger(n) && n > 0) || SIZE < 2) {
  console.error("--members, --duration (seconds) and --size (at least 2) must be whole numbers.");
  process.exit(2);
}
/** A socket must be back (signed in, `ready`) within this after its process went away. */
const RECONNECT_BOUND_MS = Number(process.env.CLUSTER_TEST_RECONNECT_MS ?? 5000);
const PASSWORD = "cluster-test-password-1";
const ADMIN = { email: "admin@helio.test", password: "cluster-admin-password-1" };
const TRADE_SECONDS = 30; // the shortest contract duration allowed
const PERIOD_SECONDS = 10; // investmentPeriodSeconds' minimum
const PACKAGE = { slug: "cluster-test", periods: 3 };
/**
 * Money is kept in microcents (10⁻⁸ USD) as a bigint, and the API carries it as a string of digits:
 * `fromCents(1_000)` is 10.00 USD, as `fromCents` of @helio/shared (this script runs without its TypeScript).
 */
const MICROCENTS_PER_CENT = 1_000_000n;
const fromCents = (cents) => BigInt(cents) * MICROCENTS_PER_CENT;
const baseDatabaseUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
const databaseName = `helio_cluster_test_${process.pid}_${Date.now().toString(36)}`;

const log = (line) => console.info(`[${((performance.now() - wallStart) / 1000).toFixed(1).padStart(5)} s] ${line}`);
const metrics = new Metrics();
const rand = (min, max) => min + Math.floor(Math.random() * (max - min + 1));
const pick = (list) => list[Math.floor(Math.random() * list.length)];

let cluster;
let db;
const sockets = [];
let exitCode = 1;
// Interrupted (Ctrl-C, a CI timeout): stop what was started and drop the database all the same.
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, async () => {
    console.error(`\n${signal}: stopping the cluster and dropping its database`);
    for (const s of sockets) s.stop();
    await db?.end().catch(() => {});
    if (cluster) {
      await cluster.stop({ dropDatabase: true, signalled: true }).catch(() => {});
      console.error(`logs kept in ${cluster.dir}`);
    } else await dropDatabase({ baseUrl: baseDatabaseUrl, name: databaseName }).catch(() => {});
    process.exit(130);
  });
}
try {
  log(`starting a cluster of ${SIZE} processes (HAProxy, PostgreSQL database ${databaseName}, Redis, s3rver)`);
  cluster = await startCluster({
    size: SIZE,
    databaseUrl: baseDatabaseUrl,
    databaseName,
    freshDatabase: true,
    redisUrl: process.env.REDIS_URL,
    log,
    env: {
      NODE_ENV: "production",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // Its staff sign in with a password alone (staff two-factor is apps/server's tests).
      STAFF_TWO_FACTOR: "off",
      // Every member comes from this machine's address: the per-address limits would stop the test.
      AUTH_RATE_LIMIT: "100000",
      MONEY_RATE_LIMIT: "100000",
      CHAT_RATE_LIMIT: "1000",
      // A fresh seed per run; the processes share it.
      MARKET_SEED: String(Date.now() % 1_000_000),
    },
  });
  log(`cluster up at ${cluster.url} (${cluster.command.kind}); logs in ${cluster.dir}`);
  db = new pg.Client({ connectionString: cluster.databaseUrl });
  await db.connect();
  exitCode = await run();
} catch (error) {
  console.error(`\nCLUSTER TEST FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  exitCode = 1;
} finally {
  for (const s of sockets) s.stop();
  await db?.end().catch(() => {});
  if (cluster) {
    log("stopping the cluster and dropping its database");
    await cluster.stop({ dropDatabase: true }).catch((error) => {
      console.error(`stopping the cluster: ${error.message}`);
      exitCode = 1;
    });
  } else {
    await dropDatabase({ baseUrl: baseDatabaseUrl, name: databaseName }).catch(() => {});
  }
  if (cluster && exitCode === 0) fs.rmSync(cluster.dir, { recursive: true, force: true });
  else if (cluster) log(`logs (HAProxy, s3rver, each app process) kept in ${cluster.dir}`);
  log(`wall time ${((performance.now() - wallStart) / 1000).toFixed(1)} s`);
  process.exit(exitCode);
}

// ---------------------------------------------------------------------------------------------

/** Runs `fn` over `items`, `width` at a time. */
async function inBatches(items, width, fn) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await fn(item);
    }),
  );
}

async function run() {
  const url = cluster.url;
  // ---- Set-up: the admin, settings, a short investment package, the members. -----------------
  const admin = { http: new HttpClient({ baseUrl: url, metrics, label: "admin" }) };
  await admin.http.post("sign-in", "/api/auth/sign-in/email", ADMIN);
  admin.uid = (await admin.http.get("me", "/api/me")).body.uid;
  const settings = (await admin.http.get("admin.settings", "/api/admin/settings")).body;
  await admin.http.put("admin.settings", "/api/admin/settings", {
    ...settings,
    investmentPeriodSeconds: PERIOD_SECONDS,
    tradeOpenLimit: 50,
  });
  await admin.http.post(
    "admin.package",
    "/api/admin/packages",
    {
      name: "Cluster test",
      slug: PACKAGE.slug,
      description: "Three periods of ten seconds",
      minMicrocents: String(fromCents(1_000)),
      maxMicrocents: String(fromCents(1_000_000)),
      dailyRateBps: 150,
      durationPeriods: PACKAGE.periods,
      capitalReturn: true,
    },
    { expect: [201] },
  );

  const tag = Date.now().toString(36).slice(-5);
  const members = Array.from({ length: MEMBERS }, (_, i) => ({
    index: i,
    email: `m${i}_${tag}@cluster.test`,
    username: `m${i}_${tag}`,
    withdraws: i % 3 === 0, // KYC and bank data for a third of them
    deposits: [], // { id, amountMicrocents }
    trades: [], // { id, key, amountMicrocents }
    withdrawals: [], // { id, key, amountMicrocents }
    investments: [], // { id, key, amountMicrocents }
    chatSent: 0,
    wallet: 0n, // microcents
  }));
  log(
    `set-up: ${MEMBERS} members sign up and verify their email; ${members.filter((m) => m.withdraws).length} pass KYC and save bank data`,
  );
  const setupStart = performance.now();
  await inBatches(members, 6, async (m) => {
    const http = new HttpClient({ baseUrl: url, metrics, label: m.username });
    m.http = http;
    await http.post(
      "register",
      "/api/register",
      {
        firstName: "Cluster",
        lastName: `Member ${m.index}`,
        username: m.username,
        email: m.email,
        password: PASSWORD,
        currency: "USD",
        acceptTerms: true,
        confirmAdult: true,
      },
      { expect: [201] },
    );
    await http.get("verify-email", await verificationLink(db, m.email), { expect: [200, 302] });
    m.uid = (await http.get("me", "/api/me")).body.uid;
    await admin.http.put("admin.trading-mode", `/api/admin/members/${m.uid}/trading`, { userTrading: true });
    m.chatId = (await admin.http.get("admin.member-chat", `/api/admin/chats/member/${m.uid}`)).body.chatId;
    if (m.withdraws) {
      await http.request("kyc.submit", "POST", "/api/kyc", {
        form: multipart(
          { idFront: png("front.png", 1), idBack: png("back.png", 2), selfie: png("selfie.png", 3) },
          {
            legalName: `Cluster Member ${m.index}`,
            dateOfBirth: "1990-04-12",
            country: "ID",
            idType: "national_id",
            idNumber: `3171${m.index}000001`,
          },
        ),
        expect: [201],
      });
      await admin.http.post("admin.kyc-approve", `/api/admin/kyc/${m.uid}/approve`, {});
      await http.put("bank.save", "/api/bank", {
        bankName: "Bank Central Asia",
        accountHolder: `Cluster Member ${m.index}`,
        accountNumber: `12345678${String(m.index).padStart(4, "0")}`,
        password: PASSWORD,
      });
    }
  });
  const pairs = (await members[0].http.get("market.pairs", "/api/market/pairs")).body;
  const symbols = pairs.filter((p) => p.price !== null).map((p) => p.symbol);
  if (!symbols.length) throw new Error("no pair has a price yet");
  log(`set-up done in ${((performance.now() - setupStart) / 1000).toFixed(1)} s; trading ${symbols.join(", ")}`);

  // ---- The load. ----------------------------------------------------------------------------
  /** Every chat message sent: id → { from, to, text, img, ackedAt } */
  const chat = new Map();
  /** `${uid}|${messageId}` → { live: n, caughtUp: bool } */
  const seen = new Map();
  /** uid → (message id → its date) of every chat message that client has seen, for the reconnect check. */
  const seenBefore = new Map();
  let checkedAfterReconnect = 0;
  /**
   * After a reconnect, the history must hold every message the client saw before (within the
   * newest page): nothing a member saw goes missing.
   */
  /** What `key` had seen when its socket came back (messages arriving meanwhile are not "before"). */
  const seenUntilNow = (key) => new Map(seenBefore.get(key) ?? []);
  const compareWithHistory = (key, label, items, had) => {
    const ids = new Set(items.map((i) => i.id));
    for (const id of had.keys()) {
      checkedAfterReconnect += 1;
      if (!ids.has(id)) metrics.violation(`${label}: message ${id}, seen before the reconnect, missing after it`);
    }
    const all = seenBefore.get(key) ?? new Map();
    for (const i of items) all.set(i.id, i.date);
    seenBefore.set(key, all);
  };
  /** The chat's history, newest pages first, back until every message seen before is in it (or no more). */
  const readHistory = async (http, op, path, had) => {
    let items = [];
    let before;
    for (let i = 0; i < 20; i++) {
      const page = await http.get(op, `${path}?limit=100${before ? `&before=${before}` : ""}`);
      items = [...page.body.items, ...items];
      if (!page.body.hasMore || !page.body.items.length) break;
      const ids = new Set(items.map((x) => x.id));
      if ([...had.keys()].every((id) => ids.has(id))) break;
      before = page.body.items[0].id;
    }
    return items;
  };
  const see = (uid, id, how, date) => {
    if (date) {
      const had = seenBefore.get(uid) ?? new Map();
      had.set(id, date);
      seenBefore.set(uid, had);
    }
    const key = `${uid}|${id}`;
    const entry = seen.get(key) ?? { live: 0, caughtUp: false };
    if (how === "live") entry.live += 1;
    else entry.caughtUp = true;
    seen.set(key, entry);
  };
  const settledLive = new Set();
  const byUid = new Map(members.map((m) => [m.uid, m]));
  let stopping = false;

  const adminReplied = new Set();
  const adminQueue = [];
  const adminCatchUp = async () => {
    const had = new Map(members.map((m) => [m.chatId, seenUntilNow(`${admin.uid}|${m.chatId}`)]));
    await inBatches(members, 4, async (m) => {
      const key = `${admin.uid}|${m.chatId}`;
      const path = `/api/admin/chats/${encodeURIComponent(m.chatId)}/messages`;
      const items = await readHistory(admin.http, "admin.chat-history", path, had.get(m.chatId));
      compareWithHistory(key, "admin", items, had.get(m.chatId));
      for (const message of items) {
        see(admin.uid, message.id, "catch-up");
        if (message.senderId === m.uid && !adminReplied.has(message.id)) adminQueue.push({ m, message });
      }
    });
  };
  admin.socket = new LiveSocket({
    http: admin.http,
    metrics,
    label: "admin",
    onReady: adminCatchUp,
    onMessage: (message) => {
      if (message.type !== "chat.message") return;
      see(admin.uid, message.message.id, "live");
      const chatHistory = seenBefore.get(`${admin.uid}|${message.chatId}`) ?? new Map();
      chatHistory.set(message.message.id, message.message.date);
      seenBefore.set(`${admin.uid}|${message.chatId}`, chatHistory);
      const m = byUid.get(message.message.senderId);
      if (m && !adminReplied.has(message.message.id)) adminQueue.push({ m, message: message.message });
    },
  });
  sockets.push(admin.socket);
  await admin.socket.start();

  log(`load: ${MEMBERS} members sign in and work for ${DURATION_S} s (extended to cover the rolling restart)`);
  const loadStart = Date.now();
  metrics.marks.loadStart = loadStart;
  // Contracts and investments are bought until the rolling restart begins: they expire, settle
  // and accrue while the processes restart one by one (which takes longer than a contract runs).
  let buying = true;

  const memberCatchUp = async (m) => {
    const had = seenUntilNow(m.uid);
    const items = await readHistory(m.http, "chat.history", "/api/chat/messages", had);
    compareWithHistory(m.uid, m.username, items, had);
    for (const message of items) see(m.uid, message.id, "catch-up");
    const wallet = await m.http.get("balance", "/api/wallet");
    m.wallet = BigInt(wallet.body.wallet);
  };

  // Sign in (a fresh session each) and open the live socket.
  await inBatches(members, 8, async (m) => {
    m.http.cookies.clear();
    await m.http.post("sign-in", "/api/auth/sign-in/email", { email: m.email, password: PASSWORD });
    m.socket = new LiveSocket({
      http: m.http,
      metrics,
      label: m.username,
      onReady: () => memberCatchUp(m),
      onMessage: (message) => {
        if (message.type === "chat.message") see(m.uid, message.message.id, "live", message.message.date);
        else if (message.type === "balances" && message.balances.wallet !== undefined)
          m.wallet = BigInt(message.balances.wallet);
        else if (message.type === "trade.settled") settledLive.add(message.contract.id);
      },
    });
    sockets.push(m.socket);
    await m.socket.start();
    // The first money: a deposit the admin approves.
    await deposit(m, fromCents(100_000));
  });

  /** A deposit of `amountMicrocents` (a bigint), approved by the admin's loop. */
  async function deposit(m, amountMicrocents) {
    const key = randomUUID();
    const created = await m.http.post(
      "deposit.create",
      "/api/deposits",
      { amountMicrocents: String(amountMicrocents) },
      { key, expect: [201] },
    );
    const id = created.body.id;
    m.deposits.push({ id, amountMicrocents });
    const proof = await m.http.request("deposit.proof", "POST", `/api/deposits/${id}/proof`, {
      form: multipart({ file: png("proof.png", m.index) }),
      expect: [200, 409],
    });
    if (proof.status === 409) {
      // Only after a lost answer: the first upload went through and the deposit moved on.
      const state = await m.http.get("deposit.read", `/api/deposits/${id}`);
      if (!proof.retried || !["proof_submitted", "approved"].includes(state.body.status))
        metrics.violation(`${m.username}: proof upload refused for deposit ${id} (${state.body.status})`);
    }
  }

  async function chatFrom(m, withImage) {
    const text = `hello ${m.index}.${++m.chatSent} ${randomUUID()}`;
    let img;
    if (withImage) {
      const up = await m.http.request("chat.image-upload", "POST", "/api/chat/images", {
        form: multipart({ file: png("chat.png", m.chatSent) }),
        expect: [201],
      });
      img = up.body.image;
    }
    const t0 = performance.now();
    const ack = await m.socket.chatSend({ text, ...(img ? { img } : {}) });
    metrics.answered("chat.send (ws, to ack)", performance.now() - t0);
    metrics.attempt("chat.send (ws, to ack)");
    chat.set(ack.message.id, { from: m.uid, to: admin.uid, text, img: Boolean(img), ackedAt: Date.now() });
  }

  async function adminReply({ m, message }) {
    if (adminReplied.has(message.id)) return;
    adminReplied.add(message.id);
    const text = `re ${message.id} ${randomUUID()}`;
    let img;
    if (Math.random() < 0.2) {
      const up = await admin.http.request(
        "admin.chat-image-upload",
        "POST",
        `/api/admin/chats/${encodeURIComponent(m.chatId)}/images`,
        {
          form: multipart({ file: png("reply.png", m.index) }),
          expect: [201],
        },
      );
      img = up.body.image;
    }
    const t0 = performance.now();
    const ack = await admin.socket.chatSend({ chatId: m.chatId, text, ...(img ? { img } : {}) });
    metrics.answered("chat.send (ws, to ack)", performance.now() - t0);
    metrics.attempt("chat.send (ws, to ack)");
    chat.set(ack.message.id, { from: admin.uid, to: m.uid, text, img: Boolean(img), ackedAt: Date.now() });
  }

  /** A refusal the test expects now and then (nothing moved): counted, not a failure. */
  const refusedOk = (op, error, codes) => {
    const e = error instanceof HttpError ? error.body?.error : undefined;
    // VALIDATION_FAILED only as "no recent price" for the pair (the recorder's process was killed).
    const known = e && codes.includes(e.code) && (e.code !== "VALIDATION_FAILED" || e.fields?.[0]?.field === "symbol");
    if (known) metrics.refused(op, e.code);
    return Boolean(known);
  };

  async function memberStep(m) {
    const roll = Math.random() * 100;
    const before = buying;
    if (roll < 36) {
      const r = await m.http.get("balance", "/api/wallet");
      m.wallet = BigInt(r.body.wallet);
    } else if (roll < 44) {
      await m.http.get("trades.open", "/api/trades/open");
    } else if (roll < 62) {
      await chatFrom(m, false);
    } else if (roll < 66) {
      await chatFrom(m, true);
    } else if (roll < 71) {
      await deposit(m, fromCents(rand(5_000, 20_000)));
    } else if (roll < 88) {
      if (!before || m.wallet < fromCents(5_000)) return;
      const key = randomUUID();
      const amountMicrocents = fromCents(rand(100, 500));
      try {
        const r = await m.http.post(
          "trade.place",
          "/api/trades",
          {
            symbol: pick(symbols),
            direction: Math.random() < 0.5 ? "up" : "down",
            amountMicrocents: String(amountMicrocents),
            durationSeconds: TRADE_SECONDS,
          },
          { key, expect: [201] },
        );
        m.trades.push({ id: r.body.id, key, amountMicrocents });
        m.wallet -= amountMicrocents;
      } catch (error) {
        // A pair without a recent price (the recorder process was killed) refuses new contracts.
        if (!refusedOk("trade.place", error, ["VALIDATION_FAILED", "INSUFFICIENT_FUNDS", "CONFLICT"])) throw error;
      }
    } else if (roll < 94) {
      if (!m.withdraws || m.wallet < fromCents(10_000)) return;
      const key = randomUUID();
      const amountMicrocents = fromCents(rand(1_000, 3_000));
      try {
        const r = await m.http.post(
          "withdrawal.request",
          "/api/withdrawals",
          { amountMicrocents: String(amountMicrocents) },
          { key, expect: [201] },
        );
        m.withdrawals.push({ id: r.body.id, key, amountMicrocents });
        m.wallet -= amountMicrocents;
      } catch (error) {
        if (!refusedOk("withdrawal.request", error, ["INSUFFICIENT_FUNDS"])) throw error;
        return;
      }
      // Confirmed from its mail, as the member would; the link works once, so a retry after an
      // answer lost in a restart is refused, and the withdrawal itself says whether it went through.
      const w = m.withdrawals.at(-1);
      const token = await withdrawalConfirmationToken(db, m.email, w.id);
      const c = await m.http.post(
        "withdrawal.confirm",
        "/api/withdrawals/confirm",
        { id: w.id, token },
        { expect: [200, 400] },
      );
      if (c.status === 400) {
        const again = await m.http.get("withdrawal.read", `/api/withdrawals/${w.id}`);
        if (again.body.status !== "pending") throw new Error(`withdrawal ${w.id} ${again.body.status} after its link`);
      }
    } else {
      if (!before || m.investments.length >= 2 || m.wallet < fromCents(10_000)) return;
      const key = randomUUID();
      const amountMicrocents = fromCents(rand(1_000, 5_000));
      try {
        const r = await m.http.post(
          "investment.buy",
          "/api/investments",
          { slug: PACKAGE.slug, amountMicrocents: String(amountMicrocents) },
          { key, expect: [201] },
        );
        m.investments.push({ id: r.body.investment.id, key, amountMicrocents });
        m.wallet -= amountMicrocents;
      } catch (error) {
        if (!refusedOk("investment.buy", error, ["INSUFFICIENT_FUNDS"])) throw error;
      }
    }
  }

  const approvedDeposits = new Set();
  const approvedWithdrawals = new Set();
  async function adminStep() {
    const deposits = await admin.http.get("admin.deposits", "/api/admin/deposits?status=proof_submitted&pageSize=100");
    for (const d of deposits.body.items) {
      const r = await admin.http.post("admin.deposit-approve", `/api/admin/deposits/${d.id}/approve`, {});
      if (r.body.status === "approved") approvedDeposits.add(d.id);
    }
    const withdrawals = await admin.http.get("admin.withdrawals", "/api/admin/withdrawals?status=pending&pageSize=100");
    for (const w of withdrawals.body.items) {
      const r = await admin.http.post("admin.withdrawal-approve", `/api/admin/withdrawals/${w.id}/approve`, {
        payoutReference: `PAY-${w.id.slice(0, 8)}`,
      });
      if (r.body.status === "approved") approvedWithdrawals.add(w.id);
    }
    return deposits.body.items.length + withdrawals.body.items.length;
  }

  const loops = [];
  const loopErrors = [];
  const guard = (label, fn) =>
    fn().catch((error) => {
      loopErrors.push(`${label}: ${error instanceof Error ? error.message : String(error)}`);
    });
  for (const m of members) {
    loops.push(
      guard(m.username, async () => {
        while (!stopping) {
          try {
            await memberStep(m);
          } catch (error) {
            metrics.violation(`${m.username}: ${error instanceof Error ? error.message : String(error)}`);
          }
          await sleep(rand(250, 650));
        }
      }),
    );
  }
  loops.push(
    guard("admin approvals", async () => {
      while (!stopping) {
        await adminStep().catch((error) => metrics.violation(`admin: ${error.message}`));
        await sleep(300);
      }
    }),
  );
  loops.push(
    guard("admin replies", async () => {
      while (!stopping || adminQueue.length) {
        const next = adminQueue.shift();
        if (!next) {
          await sleep(50);
          continue;
        }
        await adminReply(next).catch((error) => metrics.violation(`admin reply: ${error.message}`));
      }
    }),
  );

  // ---- Chaos: SIGKILL one process and start it again; then restart every process in turn. ----
  await sleep(6000);
  const victim = rand(0, SIZE - 1);
  const killAt = Date.now();
  metrics.marks.killAt = killAt;
  log(`SIGKILL ${cluster.processes[victim].name} (pid ${cluster.processes[victim].child.pid})`);
  await cluster.kill(victim, "SIGKILL");
  await cluster.waitBalancer(cluster.processes[victim], "DOWN");
  metrics.marks.killSeen = Date.now();
  log(`HAProxy took ${cluster.processes[victim].name} out of rotation ${Date.now() - killAt} ms after the kill`);
  await cluster.start(victim);
  metrics.marks.killedBackUp = Date.now();
  log(
    `${cluster.processes[victim].name} is back in rotation ${((Date.now() - killAt) / 1000).toFixed(1)} s after the kill`,
  );
  await sleep(2000);
  metrics.marks.rollingStart = Date.now();
  buying = false;
  log("rolling restart: one process at a time, SIGTERM → readiness 503 → drain → exit → start → in rotation");
  await cluster.rollingRestart({
    onStep: (s) =>
      log(
        `  ${s.name}: stopped in ${(s.stopMs / 1000).toFixed(1)} s, back in rotation ${(s.startMs / 1000).toFixed(1)} s later`,
      ),
  });
  metrics.marks.rollingEnd = Date.now();
  const loadEnd = Math.max(loadStart + DURATION_S * 1000, Date.now() + 3000);
  await sleep(loadEnd - Date.now());
  stopping = true;
  metrics.marks.endStats = cluster.stats();
  log("load over; finishing what is in flight");
  await Promise.all(loops);
  metrics.marks.loadEnd = Date.now();

  // ---- Settle: approvals, chat, contracts, investments. ------------------------------------
  for (let i = 0; i < 50 && (await adminStep()) > 0; i++) await sleep(200);
  const settleDeadline = Math.max(Date.now() + 5_000, metrics.marks.rollingStart + (TRADE_SECONDS + 10) * 1000);
  for (;;) {
    const { rows } = await db.query("select count(*)::int as open from trade_contracts where status = 'open'");
    const { rows: inv } = await db.query("select count(*)::int as active from investments where status = 'active'");
    if ((rows[0].open === 0 && inv[0].active === 0) || Date.now() > settleDeadline) break;
    await sleep(250);
  }
  // Chat: every acknowledged message reaches its recipient (live, or by the catch-up after a reconnect).
  const chatDeadline = Date.now() + 5000;
  while (Date.now() < chatDeadline) {
    if ([...chat].every(([id, c]) => seen.has(`${c.to}|${id}`))) break;
    await sleep(100);
  }
  for (const s of sockets) s.stop();

  return check({
    members,
    admin,
    chat,
    seen,
    settledLive,
    approvedDeposits,
    approvedWithdrawals,
    loopErrors,
    checkedAfterReconnect,
  });
}

// ---------------------------------------------------------------------------------------------

async function check({
  members,
  admin,
  chat,
  seen,
  settledLive,
  approvedDeposits,
  approvedWithdrawals,
  loopErrors,
  checkedAfterReconnect,
}) {
  const problems = [...loopErrors];
  const q = async (text, params) => (await db.query(text, params)).rows;

  // Chat: stored exactly once, delivered to the recipient exactly once (a duplicate live delivery
  // or a message the recipient never got, live or by catch-up, is a loss).
  const ids = [...chat.keys()];
  const stored = new Map(
    (await q("select id::text as id, text from chat_messages where id = any($1::uuid[])", [ids])).map((r) => [
      r.id,
      r.text,
    ]),
  );
  const texts = [...chat.values()].map((c) => c.text);
  const dupTexts = await q(
    "select text, count(*)::int as n from chat_messages where text = any($1) group by text having count(*) > 1",
    [texts],
  );
  let liveDelivered = 0;
  let caughtUp = 0;
  for (const [id, c] of chat) {
    if (stored.get(id) !== c.text) problems.push(`chat ${id}: acknowledged but not stored as sent`);
    const s = seen.get(`${c.to}|${id}`);
    if (!s) problems.push(`chat ${id}: acknowledged to its sender, never delivered to ${c.to}`);
    else if (s.live > 1) problems.push(`chat ${id}: delivered ${s.live} times on the recipient's socket`);
    else if (s.live === 1) liveDelivered += 1;
    else caughtUp += 1;
  }
  for (const d of dupTexts) problems.push(`chat text stored ${d.n} times: ${d.text}`);
  const chatIds = members.map((m) => m.chatId);
  const [{ n: storedTotal }] = await q("select count(*)::int as n from chat_messages where chat_id = any($1)", [
    chatIds,
  ]);
  if (storedTotal !== chat.size)
    problems.push(`chat: ${storedTotal} messages stored in the members' chats, ${chat.size} acknowledged`);

  // Money, member by member: every request the member made once is one record, and the balances
  // are exactly what the records say. Amounts are int8 microcents (text from pg): summed as bigints.
  const contractRows = await q(
    "select id::text, user_id, request_key, amount::bigint as amount, status, payout::bigint as payout from trade_contracts",
  );
  const depositRows = await q("select id::text, user_id, amount::bigint as amount, status from deposit_invoices");
  const withdrawalRows = await q(
    "select id::text, user_id, request_key, amount::bigint as amount, status from withdrawals",
  );
  const investmentRows = await q(
    "select id::text, user_id, request_key, amount::bigint as amount, status, periods_paid, duration_periods, period_seconds, capital_return, profit_paid::bigint as profit_paid, extract(epoch from (now() - started_at)) as age from investments",
  );
  const ledgerKeys = new Map(
    (await q("select idempotency_key, count(*)::int as n from ledger_transactions group by idempotency_key")).map(
      (r) => [r.idempotency_key, r.n],
    ),
  );
  const balances = new Map(
    (await q("select user_id, account, balance::bigint as balance from balances where user_id is not null")).map(
      (r) => [`${r.user_id}|${r.account}`, BigInt(r.balance)],
    ),
  );
  const once = (key, what) => {
    const n = ledgerKeys.get(key) ?? 0;
    if (n !== 1) problems.push(`${what}: ledger movement ${key} posted ${n} times`);
  };
  const totals = { trades: 0, settled: 0, deposits: 0, approved: 0, withdrawals: 0, investments: 0, periods: 0 };
  for (const m of members) {
    const mine = (rows) => rows.filter((r) => r.user_id === m.uid);
    const contracts = mine(contractRows);
    const deposits = mine(depositRows);
    const withdrawals = mine(withdrawalRows);
    const investments = mine(investmentRows);
    const sameSet = (what, rows, made) => {
      const a = new Set(rows.map((r) => r.id));
      const b = new Set(made.map((x) => x.id));
      if (a.size !== b.size || [...a].some((id) => !b.has(id)))
        problems.push(`${m.username}: ${rows.length} ${what} stored, ${made.length} made`);
    };
    sameSet("contracts", contracts, m.trades);
    sameSet("deposits", deposits, m.deposits);
    sameSet("withdrawals", withdrawals, m.withdrawals);
    sameSet("investments", investments, m.investments);
    totals.trades += contracts.length;
    totals.deposits += deposits.length;
    totals.withdrawals += withdrawals.length;
    totals.investments += investments.length;
    let expectWallet = 0n;
    for (const d of deposits) {
      if (d.status !== "approved") {
        problems.push(`${m.username}: deposit ${d.id} left ${d.status}`);
        continue;
      }
      if (!approvedDeposits.has(d.id))
        problems.push(`${m.username}: deposit ${d.id} approved, not by the admin's answers`);
      once(`deposit:approve:${d.id}`, `deposit ${d.id}`);
      totals.approved += 1;
      expectWallet += BigInt(d.amount);
    }
    for (const c of contracts) {
      once(`trade-stake:${c.id}`, `contract ${c.id}`);
      expectWallet -= BigInt(c.amount);
      if (c.status !== "settled") {
        problems.push(`${m.username}: contract ${c.id} still ${c.status}`);
        continue;
      }
      totals.settled += 1;
      // A loss pays nothing, so it posts no movement; a win, a tie or a void pays exactly once.
      const payout = BigInt(c.payout ?? 0);
      if (payout > 0n) once(`trade-settle:${c.id}`, `contract ${c.id}`);
      else if (ledgerKeys.has(`trade-settle:${c.id}`)) problems.push(`contract ${c.id}: a loss with a payout movement`);
      expectWallet += payout;
    }
    let expectHold = 0n;
    for (const w of withdrawals) {
      once(`withdrawal:hold:${w.id}`, `withdrawal ${w.id}`);
      expectWallet -= BigInt(w.amount);
      if (w.status === "approved") once(`withdrawal:approve:${w.id}`, `withdrawal ${w.id}`);
      else if (w.status === "pending") expectHold += BigInt(w.amount);
      else problems.push(`${m.username}: withdrawal ${w.id} ${w.status}`);
    }
    let expectProfit = 0n;
    for (const inv of investments) {
      once(`investment:${inv.id}`, `investment ${inv.id}`);
      expectWallet -= BigInt(inv.amount);
      expectProfit += BigInt(inv.profit_paid);
      totals.periods += inv.periods_paid;
      for (let p = 1; p <= inv.periods_paid; p++) once(`profit:${inv.id}:${p}`, `investment ${inv.id} period ${p}`);
      const due = Math.min(inv.duration_periods, Math.floor(Number(inv.age) / inv.period_seconds));
      // The accrual worker runs every second: a period that fell due in the last 3 s may still be on its way.
      const lagOk = due - inv.periods_paid === 1 && Number(inv.age) - due * inv.period_seconds < 3;
      if (inv.periods_paid !== due && !lagOk)
        problems.push(`${m.username}: investment ${inv.id} paid ${inv.periods_paid} periods, ${due} are due`);
      if (inv.status === "matured" && inv.capital_return) {
        once(`investment-return:${inv.id}`, `investment ${inv.id}`);
        expectWallet += BigInt(inv.amount);
      }
    }
    const wallet = balances.get(`${m.uid}|wallet`) ?? 0n;
    if (wallet !== expectWallet) problems.push(`${m.username}: wallet ${wallet}, the records say ${expectWallet}`);
    const hold = balances.get(`${m.uid}|withdrawal_hold`) ?? 0n;
    if (hold !== expectHold) problems.push(`${m.username}: withdrawal hold ${hold}, the records say ${expectHold}`);
    const profit = balances.get(`${m.uid}|profit`) ?? 0n;
    if (profit !== expectProfit) problems.push(`${m.username}: profit ${profit}, the investments paid ${expectProfit}`);
  }
  const negative = await q("select user_id, account, balance from balances where user_id is not null and balance < 0");
  for (const r of negative) problems.push(`negative balance: ${r.user_id} ${r.account} ${r.balance}`);
  const verify = await admin.http
    .get("admin.ledger-verify", "/api/admin/ledger/verify")
    .catch((error) => ({ body: { ok: false, error: error.message } }));
  if (!verify.body.ok) problems.push(`ledger verification failed: ${JSON.stringify(verify.body).slice(0, 500)}`);

  // Errors: allowed only for a request the balancer had handed to the process when it was
  // SIGKILLed (in flight, or sent over an idle connection to it before the balancer saw it die),
  // and only when the client's retry (same Idempotency-Key) then succeeded. HAProxy itself moves
  // a request whose connection is refused to another process. None at all in the rolling restart.
  const { killAt, killSeen, rollingStart, rollingEnd } = metrics.marks;
  const classified = { killInFlight: [], rolling: [], other: [] };
  for (const f of metrics.failures) {
    const handedToKilled =
      f.start <= killSeen && f.end >= killAt && f.end <= killSeen + 5000 && /^(HTTP 502|network)/.test(f.kind);
    if (handedToKilled && f.recovered) classified.killInFlight.push(f);
    else if (f.end >= rollingStart && f.start <= rollingEnd + 1000) classified.rolling.push(f);
    else classified.other.push(f);
  }
  for (const f of classified.rolling)
    problems.push(`request failed during the rolling restart: ${f.op} ${f.kind}${f.body ? ` ${f.body}` : ""}`);
  const at = (t) => `+${((t - metrics.marks.loadStart) / 1000).toFixed(2)} s`;
  for (const f of classified.other)
    problems.push(
      `request failed outside the kill's in-flight requests: ${f.op} ${f.kind} (attempt ${f.attempt}, ${at(f.start)} → ${at(f.end)}, ${f.recovered ? "recovered" : "not recovered"})${f.body ? ` ${f.body}` : ""}${f.detail ? ` (${f.detail})` : ""}`,
    );
  problems.push(...metrics.violations);
  const slowReconnects = metrics.reconnects.filter((r) => r.ms > RECONNECT_BOUND_MS);
  for (const r of slowReconnects)
    problems.push(`${r.label}: socket back after ${r.ms} ms (bound ${RECONNECT_BOUND_MS} ms)`);
  const socketsClosed = (from, to) =>
    [members.map((m) => m.socket), admin.socket]
      .flat()
      .reduce((n, s) => n + s.unexpectedCloses.filter((c) => c.at >= from && c.at <= to).length, 0);

  // ---- The figures. ---------------------------------------------------------------------------
  const fmt = (n) => (Number.isNaN(n) ? "–" : n < 10 ? n.toFixed(1) : Math.round(n).toString());
  const rows = [...metrics.requests.keys()].sort().map((op) => {
    const lat = metrics.latencies.get(op) ?? [];
    const failed = metrics.failures.filter((f) => f.op === op).length;
    return [
      op,
      metrics.requests.get(op),
      failed,
      fmt(percentile(lat, 50)),
      fmt(percentile(lat, 99)),
      fmt(Math.max(0, ...lat)),
    ];
  });
  const total = [...metrics.requests.values()].reduce((a, b) => a + b, 0);
  const loadSeconds = (metrics.marks.loadEnd - metrics.marks.loadStart) / 1000;
  const table = [["operation", "requests", "failed", "p50 ms", "p99 ms", "max ms"], ...rows];
  const widths = table[0].map((_, i) => Math.max(...table.map((r) => String(r[i]).length)));
  const line = (r) =>
    r.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join("  ");
  const out = [];
  out.push(
    "",
    `Cluster test: ${SIZE} processes (${cluster.command.kind}) behind HAProxy, ${MEMBERS} members + 1 admin, ${loadSeconds.toFixed(0)} s of load`,
  );
  out.push(line(table[0]), ...table.slice(1).map(line));
  out.push(
    `total: ${total} requests (${(total / loadSeconds).toFixed(0)}/s over the load, set-up included), ${metrics.failures.length} failed attempts`,
  );
  const byKind = (list) => {
    const counts = new Map();
    for (const f of list) counts.set(f.kind, (counts.get(f.kind) ?? 0) + 1);
    return counts.size ? [...counts].map(([k, n]) => `${k} × ${n}`).join(", ") : "none";
  };
  out.push(
    `errors, requests on the SIGKILLed process until HAProxy saw it down (retried, same key, succeeded): ${byKind(classified.killInFlight)}`,
  );
  const starts = cluster.processes.flatMap((p) => p.startups ?? []);
  const restarts = cluster.processes.flatMap((p) => (p.startups ?? []).slice(1));
  out.push(
    `process starts: ${starts.length} (first ${SIZE} together, then ${restarts.length} alone); spawn → ready ${fmt(
      percentile(
        starts.map((x) => x.ms),
        50,
      ) / 1000,
    )} s median, ${fmt(Math.max(...starts.map((x) => x.ms)) / 1000)} s max; CPU to ready ${fmt(
      percentile(
        starts.map((x) => x.cpuSeconds),
        50,
      ),
    )} s median; alone ${fmt(
      percentile(
        restarts.map((x) => x.ms),
        50,
      ) / 1000,
    )} s, ${fmt(
      percentile(
        restarts.map((x) => x.cpuSeconds),
        50,
      ),
    )} CPU-s`,
  );
  out.push(
    `at the end of the load: ${metrics.marks.endStats.map((x) => `${x.name} RSS ${fmt(x.rssMb)} MB, CPU ${fmt(x.cpuSeconds)} s since its start`).join("; ")}`,
  );
  out.push(
    `answers by process: ${[...metrics.servedBy]
      .sort()
      .map(([name, n]) => `${name} ${n}`)
      .join(", ")} (round robin, no stickiness)`,
  );
  out.push(`errors during the rolling restart (must be none): ${byKind(classified.rolling)}`);
  out.push(`errors at any other time (must be none): ${byKind(classified.other)}`);
  out.push(
    `expected refusals (4xx, nothing moved): ${metrics.refusals.size ? [...metrics.refusals].map(([k, n]) => `${k} × ${n}`).join(", ") : "none"}`,
  );
  const rc = metrics.reconnects.map((r) => r.ms);
  out.push(
    `sockets: ${socketsClosed(killAt, metrics.marks.killedBackUp)} closed by the SIGKILL, ${socketsClosed(rollingStart, rollingEnd + 1000)} by the rolling restart; ${rc.length} reconnects, p50 ${fmt(percentile(rc, 50))} ms, p99 ${fmt(percentile(rc, 99))} ms, max ${fmt(Math.max(0, ...rc))} ms (bound ${RECONNECT_BOUND_MS} ms)`,
  );
  out.push(
    `chat: ${chat.size} messages acknowledged (${[...chat.values()].filter((c) => c.img).length} with an image), stored once each: ${stored.size}; delivered live ${liveDelivered}, by catch-up after a reconnect ${caughtUp}; ${checkedAfterReconnect} messages seen before a reconnect checked against the history after it`,
  );
  out.push(
    `money: ${totals.deposits} deposits (${totals.approved} approved, credited once each), ${totals.withdrawals} withdrawals (${approvedWithdrawals.size} approved), ${totals.trades} contracts (${totals.settled} settled once each, ${settledLive.size} notified live), ${totals.investments} investments (${totals.periods} periods accrued)`,
  );
  out.push(
    `ledger: ${verify.body.ok ? `verified (${verify.body.counts?.transactions ?? "?"} transactions)` : "NOT verified"}; negative member balances: ${negative.length}`,
  );
  out.push(
    `timeline: SIGKILL at +${((killAt - metrics.marks.loadStart) / 1000).toFixed(1)} s, out of rotation after ${killSeen - killAt} ms, back after ${((metrics.marks.killedBackUp - killAt) / 1000).toFixed(1)} s; rolling restart ${((rollingEnd - rollingStart) / 1000).toFixed(1)} s`,
  );
  console.info(out.join("\n"));
  if (problems.length) {
    console.error(`\nFAILED: ${problems.length} problem(s)`);
    for (const p of problems.slice(0, 60)) console.error(`  - ${p}`);
    if (problems.length > 60) console.error(`  … and ${problems.length - 60} more`);
    return 1;
  }
  console.info(
    "\nPASSED: nothing lost, nothing doubled, no failed request outside the killed process's in-flight ones.",
  );
  return 0;
}
