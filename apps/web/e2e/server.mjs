// Starts the real server for the browser tests: fresh embedded database, mail to the outbox.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { requireNodeRuntime } from "../../../scripts/node-runtime.mjs";
import { runServer } from "./server-entry.mjs";

requireNodeRuntime("e2e server");

const here = path.dirname(fileURLToPath(import.meta.url));
const port = process.env.E2E_PORT ?? "3100";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "helio-e2e-"));
process.on("exit", () => fs.rmSync(dataDir, { recursive: true, force: true }));

Object.assign(process.env, {
  NODE_ENV: "development",
  PORT: port,
  HOST: "127.0.0.1",
  PUBLIC_URL: `http://localhost:${port}`,
  DATA_DIR: dataDir,
  ADMIN_EMAIL: "admin@helio.test",
  ADMIN_PASSWORD: "admin-password-1",
  AUTH_RATE_LIMIT: "1000",
  // The browser tests sign the admin in with a password alone (staff two-factor: apps/server's tests).
  STAFF_TWO_FACTOR: "off",
  LOG_LEVEL: "warn",
  // The reality-check spec chooses an interval of seconds; members' choices stay as they are.
  REALITY_CHECK_MIN_SECONDS: "2",
  // A 15 s contract besides the settings' durations: the trade specs see one settle within seconds.
  SHORT_CONTRACT_SECONDS: "15",
  WEB_DIST: path.resolve(here, "../dist"),
  // With REDIS_URL set (CI), every worker's server shares one Redis: its own prefix keeps another
  // worker's broadcasts (a settings change, a rate) and rate-limit counts out of this one.
  REDIS_PREFIX: `helio-e2e-${port}-${process.pid}:`,
});
delete process.env.DATABASE_URL;
await runServer();
