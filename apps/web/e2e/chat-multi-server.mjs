// One of the two server processes of playwright.multi.config.ts: both share one fresh PostgreSQL
// database (created from TEST_DATABASE_URL), Redis (REDIS_URL), the auth secret and the files folder,
// like two instances of one deployment behind a load balancer. Each listens on its own port and
// trusts its own origin (PUBLIC_URL).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

const here = path.dirname(fileURLToPath(import.meta.url));
const { E2E_PORT: port, E2E_MULTI_DB: dbName, E2E_MULTI_DATA: dataDir, E2E_MULTI_SECRET: secret } = process.env;
const baseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
if (!port || !dbName || !dataDir || !secret) throw new Error("start me through playwright.multi.config.ts");
if (!baseUrl || !redisUrl) throw new Error("the multi-instance e2e needs TEST_DATABASE_URL and REDIS_URL");
if (!/^helio_e2e_multi_\d+$/.test(dbName)) throw new Error(`unexpected database name ${dbName}`);

const databaseUrl = new URL(baseUrl);
databaseUrl.pathname = `/${dbName}`;
fs.mkdirSync(dataDir, { recursive: true });

const { register } = await import("tsx/esm/api");
register();

// Create and migrate the database once: the second process waits for the first under a lock.
const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
await admin.query("SELECT pg_advisory_lock(hashtext($1))", [dbName]);
try {
  const { rowCount } = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [dbName]);
  if (!rowCount) await admin.query(`CREATE DATABASE ${dbName}`);
  const { openDatabase } = await import(path.resolve(here, "../../server/src/db/client.ts"));
  const database = await openDatabase({ kind: "postgres", url: databaseUrl.toString(), poolSize: 1 });
  await database.migrate();
  await database.close();
} finally {
  await admin.query("SELECT pg_advisory_unlock(hashtext($1))", [dbName]);
  await admin.end();
}

Object.assign(process.env, {
  NODE_ENV: "development",
  PORT: port,
  HOST: "127.0.0.1",
  PUBLIC_URL: `http://localhost:${port}`,
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl.toString(),
  REDIS_URL: redisUrl,
  AUTH_SECRET: secret,
  ADMIN_EMAIL: "admin@helio.test",
  ADMIN_PASSWORD: "admin-password-1",
  AUTH_RATE_LIMIT: "1000",
  LOG_LEVEL: "warn",
  WEB_DIST: path.resolve(here, "../dist"),
});
// The teardown stops the servers (through these files) before it drops their database.
fs.writeFileSync(path.join(dataDir, `server-${port}.pid`), String(process.pid));
await import(path.resolve(here, "../../server/src/main.ts"));
