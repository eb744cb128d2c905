#!/usr/bin/env node
// Scale-out: the authenticated balance read and chat delivery through HAProxy with 1, 2
// and 3 app processes (the cluster of `npm run cluster`: PostgreSQL, Redis, an S3 server), as
// throughput relative to one process in the same run. On 2 cores the total cannot grow much; the
// point is that nothing serialises across processes, so the cost per request stays flat: the
// total with N processes should stay at (or near) the one-process figure, not fall. The chat part
// is bench/scale-out-chat.mjs. Exits 1 when a request or a message failed.
//
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379 \
//     npm run bench -- --only scale     (--sizes 1,2,3 --seconds 10 --connections 64 --measure balance,chat
//                                        --chat-members 32 --chat-inflight 2 --chat-support 2)
import fs from "node:fs";
import os from "node:os";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import { startCluster } from "../scripts/cluster/start-cluster.mjs";
import { appCpuSeconds, chatDelivery, verifiedMember } from "./scale-out-chat.mjs";

const { values } = parseArgs({
  options: {
    sizes: { type: "string" },
    seconds: { type: "string" },
    connections: { type: "string" },
    measure: { type: "string" },
    "chat-members": { type: "string" },
    "chat-inflight": { type: "string" },
    "chat-support": { type: "string" },
  },
  strict: false,
});
const sizes = (values.sizes ?? "1,2,3").split(",").map(Number);
const seconds = Number(values.seconds ?? 10);
const connections = Number(values.connections ?? 64);
const measure = (values.measure ?? "balance,chat").split(",");
const chat = {
  members: Number(values["chat-members"] ?? 32),
  inflight: Number(values["chat-inflight"] ?? 2),
  support: Number(values["chat-support"] ?? 2),
  warmup: 3,
  seconds,
};
const baseUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
if (!baseUrl || !redisUrl)
  throw new Error("the scale-out bench needs TEST_DATABASE_URL (or DATABASE_URL) and REDIS_URL");
const databaseName = "helio_bench_scale";
const ADMIN = { email: "support@helio.test", password: "bench-admin-password-1" };

function run(opts) {
  return new Promise((resolve, reject) =>
    autocannon({ pipelining: 1, ...opts }, (error, result) => (error ? reject(error) : resolve(result))),
  );
}

/** The balance read: one member, autocannon at `connections` through the balancer. */
async function balanceRead(cluster) {
  const db = new pg.Client({ connectionString: cluster.databaseUrl });
  await db.connect();
  const http = await verifiedMember(cluster.url, db, `scale_${Date.now() % 1e9}`).finally(() => db.end());
  const target = { url: `${cluster.url}/api/wallet`, headers: { cookie: http.cookieHeader }, connections };
  await run({ ...target, duration: 3 }); // warm-up: JIT, pools, HAProxy's connections
  const cpuFrom = appCpuSeconds(cluster);
  const measured = await run({ ...target, duration: seconds });
  const cpuMs = (appCpuSeconds(cluster) - cpuFrom) * 1000;
  return {
    size: cluster.processes.length,
    rps: measured.requests.average,
    p99: measured.latency.p99,
    cpuMsPerRequest: cpuMs / Math.max(1, measured.requests.total),
    failed: measured.non2xx + measured.errors + measured.timeouts,
  };
}

const balance = [];
const chatRows = [];
const plural = (size) => `${size} process${size > 1 ? "es" : ""}`;
for (const size of sizes) {
  const cluster = await startCluster({
    size,
    databaseUrl: baseUrl,
    databaseName,
    freshDatabase: true,
    redisUrl,
    env: {
      REQUEST_LOG: "off",
      MONEY_RATE_LIMIT: "1000000",
      AUTH_RATE_LIMIT: "1000",
      CHAT_RATE_LIMIT: "1000000",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // Its staff sign in with a password alone (staff two-factor is apps/server's tests).
      STAFF_TWO_FACTOR: "off",
    },
    log: () => {},
  });
  let clean = false;
  try {
    if (measure.includes("balance")) {
      const r = await balanceRead(cluster);
      balance.push(r);
      console.info(`${plural(size)}, balance read: ${Math.round(r.rps)} req/s, p99 ${r.p99} ms, ${r.failed} failed`);
    }
    if (measure.includes("chat")) {
      const r = await chatDelivery(cluster, { admin: ADMIN, ...chat });
      r.loadavg = os.loadavg();
      chatRows.push(r);
      console.info(
        `${plural(size)}, chat: ${Math.round(r.rate)} delivered/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms; ` +
          `${r.sent} sent, ${r.failed} failed (${r.refused} refused or unanswered, ${r.lost} acknowledged and not delivered, ` +
          `${r.duplicated} delivered twice); ${r.socketCloses} sockets closed; sockets: members ${r.members}, support ${r.support}` +
          (r.firstError ? `; first error: ${r.firstError}` : ""),
      );
    }
    clean = [...balance, ...chatRows].every((r) => r.size !== size || r.failed === 0);
  } finally {
    await cluster.stop({ dropDatabase: true });
    // Its logs (HAProxy, s3rver, each process) are kept only when something failed.
    if (clean) fs.rmSync(cluster.dir, { recursive: true, force: true });
    else console.info(`logs of the ${size}-process cluster kept in ${cluster.dir}`);
  }
}

const pct = (v, base) => `${Math.round((100 * v) / base)} %`;
const load = os.loadavg();
if (balance.length) {
  const one = balance.find((r) => r.size === 1) ?? balance[0];
  console.info(
    `\nbalance read through HAProxy, ${connections} connections, ${seconds} s each, ${sizes.join(" → ")} processes`,
  );
  console.info(
    "| processes | req/s | per process | total vs 1 process | per process vs 1 | p99 ms | app CPU ms/request | failed |",
  );
  console.info("|---|---|---|---|---|---|---|---|");
  for (const r of balance) {
    console.info(
      `| ${r.size} | ${Math.round(r.rps)} | ${Math.round(r.rps / r.size)} | ${pct(r.rps, one.rps)} | ${pct(r.rps / r.size, one.rps)} | ${r.p99} | ${r.cpuMsPerRequest.toFixed(3)} | ${r.failed} |`,
    );
  }
}
if (chatRows.length) {
  const one = chatRows.find((r) => r.size === 1) ?? chatRows[0];
  console.info(
    `\nchat delivery through HAProxy: ${chat.members} members × ${chat.inflight} chat.send in flight → ${chat.support} support sockets, ${chat.warmup} s warm-up then ${seconds} s each`,
  );
  console.info(
    "| processes | delivered/s | per process | total vs 1 process | per process vs 1 | p50 ms | p99 ms | app CPU ms/message | failed |",
  );
  console.info("|---|---|---|---|---|---|---|---|---|");
  for (const r of chatRows) {
    console.info(
      `| ${r.size} | ${Math.round(r.rate)} | ${Math.round(r.rate / r.size)} | ${pct(r.rate, one.rate)} | ${pct(r.rate / r.size, one.rate)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.cpuMsPerMessage.toFixed(2)} | ${r.failed} |`,
    );
  }
}
console.info(
  `\nload average at the end (1/5/15 min): ${load.map((l) => l.toFixed(2)).join(" / ")} on ${os.cpus().length} CPUs`,
);
console.info(JSON.stringify({ bench: "scale-out", balance, chat: chatRows, loadavg: load }));
if ([...balance, ...chatRows].some((r) => r.failed > 0)) process.exitCode = 1;
