// One of the two server processes of playwright.multi.config.ts: both share one fresh PostgreSQL
// database (created from TEST_DATABASE_URL), Redis (REDIS_URL), the auth secret and the files folder,
// like two instances of one deployment behind a load balancer. Each listens on its own port and
// trusts its own origin (PUBLIC_URL).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { runServer } from "./server-entry.mjs";

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

// Create and migrate the database once: the second process waits for the first under a lock.
const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
await admin.query("SELECT pg_advisory_lock(hashtext($1))", [dbName]);
try {
  const { rowCount } = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [dbName]);
  if (!rowCount) await admin.query(`CREATE DATABASE ${dbName}`);
  // As the server's own migrate() (apps/server/src/db/client.ts), without loading the server.
  const client = new pg.Client({ connectionString: databaseUrl.toString() });
  await client.connect();
  try {
    await migrate(drizzle({ client }), { migrationsFolder: path.resolve(here, "../../server/drizzle") });
  } finally {
    await client.end();
  }
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
  // One deployment's prefix, shared by its two processes and no one else on this Redis.
  REDIS_PREFIX: `${dbName}:`,
  AUTH_SECRET: secret,
  ADMIN_EMAIL: "admin@helio.test",
  ADMIN_PASSWORD: "admin-password-1",
  // The browser tests sign the admin in with a password alone (staff two-factor: apps/server's tests).
  STAFF_TWO_FACTOR: "off",
  AUTH_RATE_LIMIT: "1000",
  LOG_LEVEL: "warn",
  WEB_DIST: path.resolve(here, "../dist"),
});
// The teardown stops the servers (through these files) before it drops their database.
fs.writeFileSync(path.join(dataDir, `server-${port}.pid`), String(process.pid));
await runServer();
