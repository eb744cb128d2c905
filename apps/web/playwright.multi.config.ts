import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import type { WorkerOptions } from "./e2e/fixtures.ts";
import { freePort } from "./e2e/worker-server.ts";

/**
 * The chat across two server processes: member on process A, support on process B, sharing one
 * fresh PostgreSQL database (from TEST_DATABASE_URL), Redis (REDIS_URL), the auth secret and the
 * files folder. Run: `TEST_DATABASE_URL=… REDIS_URL=… npx playwright test -c playwright.multi.config.ts`.
 */
if (!process.env.TEST_DATABASE_URL || !process.env.REDIS_URL) {
  throw new Error("playwright.multi.config.ts needs TEST_DATABASE_URL and REDIS_URL (two processes share them).");
}
// Chosen once by the runner; workers and the teardown inherit them through the environment.
process.env.E2E_MULTI_DB ??= `helio_e2e_multi_${Date.now()}`;
process.env.E2E_MULTI_DATA ??= path.join(os.tmpdir(), process.env.E2E_MULTI_DB);
process.env.E2E_MULTI_SECRET ??= randomBytes(32).toString("hex");

// Free ports, chosen once by the runner like the names above (never fixed ones: another run or
// service may hold them).
process.env.E2E_PORT_A ??= String(await freePort());
while (!process.env.E2E_PORT_B || process.env.E2E_PORT_B === process.env.E2E_PORT_A)
  process.env.E2E_PORT_B = String(await freePort());
const PORT_A = Number(process.env.E2E_PORT_A);
const PORT_B = Number(process.env.E2E_PORT_B);
const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const server = (port: number) => ({
  command: "node e2e/chat-multi-server.mjs",
  url: `http://localhost:${port}/api/health`,
  reuseExistingServer: false,
  timeout: 180_000,
  stdout: "pipe" as const,
  stderr: "pipe" as const,
  env: { E2E_PORT: String(port) },
  gracefulShutdown: { signal: "SIGTERM" as const, timeout: 15_000 },
});

export default defineConfig<object, Pick<WorkerOptions, "serverPerWorker">>({
  testDir: "./e2e",
  testMatch: "chat-multi.spec.ts",
  outputDir: "./e2e/.artifacts/multi-results",
  globalTeardown: "./e2e/chat-multi-teardown.mjs",
  timeout: 90_000,
  expect: { timeout: 15_000 },
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"]],
  use: {
    serverPerWorker: false,
    baseURL: `http://localhost:${PORT_A}`,
    trace: "retain-on-failure",
    // The ticker stands still (as for members who ask for less motion): a moving link is never
    // "stable" for a click, and an endless animation would keep software rendering busy.
    contextOptions: { reducedMotion: "reduce" },
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath,
      args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"],
    },
  },
  projects: [
    {
      name: "chromium-multi",
      use: { browserName: "chromium" },
      metadata: { memberURL: `http://localhost:${PORT_A}`, supportURL: `http://localhost:${PORT_B}` },
    },
  ],
  webServer: [server(PORT_A), server(PORT_B)],
});
