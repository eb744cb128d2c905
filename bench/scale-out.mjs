#!/usr/bin/env node
// Scale-out (issue 15): the authenticated balance read through HAProxy with 1, 2 and 3 app
// processes (the cluster of `npm run cluster`: PostgreSQL, Redis, an S3 server), as throughput per
// process relative to one process in the same run. On 2 cores the total cannot grow much; the
// point is that nothing serialises across processes, so the cost per request stays flat: the
// total with N processes should stay at (or near) the one-process figure, not fall.
//
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379 \
//     npm run bench -- --only scale            (--sizes 1,2,3 --seconds 10 --connections 64)
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import { HttpClient, Metrics, verificationLink } from "../scripts/cluster/load-client.mjs";
import { startCluster } from "../scripts/cluster/start-cluster.mjs";

const { values } = parseArgs({
  options: { sizes: { type: "string" }, seconds: { type: "string" }, connections: { type: "string" } },
  strict: false,
});
const sizes = (values.sizes ?? "1,2,3").split(",").map(Number);
const seconds = Number(values.seconds ?? 10);
const connections = Number(values.connections ?? 64);
const baseUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
if (!baseUrl || !redisUrl)
  throw new Error("the scale-out bench needs TEST_DATABASE_URL (or DATABASE_URL) and REDIS_URL");
const databaseName = "helio_bench_scale";

function run(opts) {
  return new Promise((resolve, reject) =>
    autocannon({ pipelining: 1, ...opts }, (error, result) => (error ? reject(error) : resolve(result))),
  );
}

/** A verified member signed in through the balancer: the session cookie. */
async function signedInMember(url, databaseUrl) {
  const http = new HttpClient({ baseUrl: url, metrics: new Metrics(), label: "bench" });
  const email = `scale.${Date.now()}@helio.test`;
  await http.post(
    "register",
    "/api/register",
    {
      firstName: "Scale",
      lastName: "Bench",
      username: `scale_${Date.now() % 1e9}`,
      email,
      password: "bench-password-1",
      currency: "USD",
    },
    { expect: [201] },
  );
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await http.get("verify-email", await verificationLink(db, email), { expect: [200, 302] });
    return http.cookieHeader;
  } finally {
    await db.end();
  }
}

const results = [];
for (const size of sizes) {
  const cluster = await startCluster({
    size,
    databaseUrl: baseUrl,
    databaseName,
    freshDatabase: true,
    redisUrl,
    env: { REQUEST_LOG: "off", MONEY_RATE_LIMIT: "1000000", AUTH_RATE_LIMIT: "1000" },
    log: () => {},
  });
  try {
    const cookie = await signedInMember(cluster.url, cluster.databaseUrl);
    const target = { url: `${cluster.url}/api/wallet`, headers: { cookie }, connections };
    await run({ ...target, duration: 3 }); // warm-up: JIT, pools, HAProxy's connections
    const measured = await run({ ...target, duration: seconds });
    const failed = measured.non2xx + measured.errors + measured.timeouts;
    results.push({ size, rps: measured.requests.average, p99: measured.latency.p99, failed });
    console.info(
      `${size} process${size > 1 ? "es" : ""}: ${Math.round(measured.requests.average)} req/s, p99 ${measured.latency.p99} ms, ${failed} failed`,
    );
  } finally {
    await cluster.stop({ dropDatabase: true });
  }
}

const one = results.find((r) => r.size === 1) ?? results[0];
console.info(
  `\nbalance read through HAProxy, ${connections} connections, ${seconds} s each, ${sizes.join(" → ")} processes`,
);
console.info("| processes | req/s | per process | total vs 1 process | per process vs 1 | p99 ms | failed |");
console.info("|---|---|---|---|---|---|---|");
for (const r of results) {
  const perProcess = r.rps / r.size;
  console.info(
    `| ${r.size} | ${Math.round(r.rps)} | ${Math.round(perProcess)} | ${Math.round((100 * r.rps) / one.rps)} % | ${Math.round((100 * perProcess) / one.rps)} % | ${r.p99} | ${r.failed} |`,
  );
}
if (results.some((r) => r.failed > 0)) process.exitCode = 1;
