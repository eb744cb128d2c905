// `npm run cluster [-- --workers N]`: Helio as a cluster on this machine. N app processes
// (default 3, or CLUSTER_SIZE; WORKERS=on in each) on PostgreSQL (database helio_cluster on
// DATABASE_URL's or TEST_DATABASE_URL's server, default postgres://postgres@127.0.0.1:5432),
// Redis (REDIS_URL, default redis://127.0.0.1:6379) and an S3 server (s3rver), behind HAProxy
// (installed from Debian's packages when missing), which listens on HOST:PORT (default
// 127.0.0.1 and a free port). Ctrl-C stops everything. State is kept in data/cluster and the
// helio_cluster database, so a second start finds the same members and files.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { DEFAULT_DATABASE_URL, startCluster } from "./cluster/start-cluster.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { values } = parseArgs({
  options: {
    workers: { type: "string", short: "n" },
    size: { type: "string" },
    help: { type: "boolean", short: "h" },
  },
});
if (values.help) {
  console.info(
    "npm run cluster [-- --workers N]\n" +
      "  N app processes (default 3 or CLUSTER_SIZE) behind HAProxy on HOST:PORT (default 127.0.0.1, a free port).\n" +
      "  DATABASE_URL or TEST_DATABASE_URL: the PostgreSQL server (database helio_cluster is created there).\n" +
      "  REDIS_URL (default redis://127.0.0.1:6379). AUTH_SECRET and ADMIN_PASSWORD: kept in data/cluster unless set.",
  );
  process.exit(0);
}
const size = Number(values.workers ?? values.size ?? process.env.CLUSTER_SIZE ?? 3);
if (!Number.isInteger(size) || size < 1 || size > 32) {
  console.error("--workers (or CLUSTER_SIZE) must be a whole number from 1 to 32.");
  process.exit(2);
}
const port = process.env.PORT ? Number(process.env.PORT) : undefined;
if (port !== undefined && (!Number.isInteger(port) || port < 1 || port > 65535)) {
  console.error("PORT must be a port number.");
  process.exit(2);
}

const dir = path.join(root, "data/cluster");
fs.mkdirSync(dir, { recursive: true });
/** A value from the environment, else the one kept in data/cluster (made once). */
const kept = (name, make) => {
  if (process.env[name]) return process.env[name];
  const file = path.join(dir, name.toLowerCase());
  if (!fs.existsSync(file)) fs.writeFileSync(file, make(), { mode: 0o600 });
  return fs.readFileSync(file, "utf8").trim();
};
const adminPassword = kept("ADMIN_PASSWORD", () => randomBytes(12).toString("base64url"));
const authSecret = kept("AUTH_SECRET", () => randomBytes(32).toString("hex"));
const adminEmail = process.env.ADMIN_EMAIL ?? "admin@helio.local";

console.info(`Starting a Helio cluster of ${size} processes…`);
let cluster;
try {
  cluster = await startCluster({
    size,
    host: process.env.HOST ?? "127.0.0.1",
    port,
    publicUrl: process.env.PUBLIC_URL,
    databaseUrl: process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || DEFAULT_DATABASE_URL,
    databaseName: "helio_cluster",
    redisUrl: process.env.REDIS_URL,
    dir,
    env: {
      AUTH_SECRET: authSecret,
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
      LOG_LEVEL: process.env.LOG_LEVEL ?? "info",
      ...(process.env.NODE_ENV ? { NODE_ENV: process.env.NODE_ENV } : {}),
    },
  });
} catch (error) {
  console.error(`The cluster did not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

console.info(
  [
    "",
    `  Helio cluster at ${cluster.url}`,
    `  load balancer: HAProxy, round robin, health check GET /api/ready (config ${path.join(dir, "haproxy.cfg")})`,
    `  app processes: ${cluster.processes.length} × ${cluster.command.kind}, WORKERS=on`,
    ...cluster.processes.map((p) => `  ${p.name}: 127.0.0.1:${p.port}  log ${p.logFile}`),
    `  database: PostgreSQL ${new URL(cluster.databaseUrl).host}/${cluster.databaseName}`,
    `  realtime and rate limits: Redis ${cluster.env.REDIS_URL}`,
    `  files: s3rver bucket helio (${cluster.storageUrl}), stored in ${path.join(dir, "s3")}`,
    `  admin: ${adminEmail} / ${process.env.ADMIN_PASSWORD ? "(ADMIN_PASSWORD)" : `${adminPassword} (kept in data/cluster/admin_password)`}`,
    cluster.env.NODE_ENV === "production"
      ? "  mail: outbox (not served in production; set SMTP_URL)"
      : `  mail: outbox at ${cluster.url}/api/dev/outbox (signed in as the admin; the balancer is on this machine, so loopback too)`,
    "  Ctrl-C stops everything.",
    "",
  ].join("\n"),
);

let stopping = false;
const stop = async (signal) => {
  if (stopping) return;
  stopping = true;
  console.info(`\n${signal}: stopping the cluster…`);
  await cluster.stop({ signalled: true });
  console.info("Stopped.");
  process.exit(0);
};
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));
// A process that dies on its own is reported (not restarted: that is the supervisor's job in production).
for (const p of cluster.processes) {
  p.child.once("exit", (code, signal) => {
    if (!stopping) console.warn(`${p.name} exited (${code ?? signal}); see ${p.logFile}`);
  });
}
