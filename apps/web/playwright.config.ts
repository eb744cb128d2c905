import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);
const SETTINGS_WRITERS = ["admin.spec.ts", "admin-trading.spec.ts", "chat.spec.ts", "investments.spec.ts"];
const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Browser tests: Debian's Chromium against the real server started on a fresh embedded database. */
export default defineConfig({
  testDir: "./e2e",
  // chat-multi.spec.ts runs under playwright.multi.config.ts, against two server processes.
  outputDir: "./e2e/.artifacts/results",
  // Generous: CI machines have two cores and the server, Chromium and PostgreSQL share them.
  timeout: 150_000,
  expect: { timeout: 15_000 },
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"], ["html", { open: "never", outputFolder: "e2e/.artifacts/report" }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    { name: "chromium", use: { browserName: "chromium" }, testIgnore: [...SETTINGS_WRITERS, "chat-multi.spec.ts"] },
    // Specs that save the shared settings run one at a time: a save names the revision it
    // started from, so one spec's save between another's load and save would be refused.
    { name: "settings", use: { browserName: "chromium" }, testMatch: SETTINGS_WRITERS, workers: 1 },
  ],
  webServer: {
    command: "node e2e/server.mjs",
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "pipe",
    stderr: "pipe",
    env: { E2E_PORT: String(PORT) },
  },
});
