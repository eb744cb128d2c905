import { defineConfig } from "@playwright/test";

const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Browser tests: Debian's Chromium against the real server. Each worker starts its own server on a
 * free port with a fresh embedded database (the `helioServer` fixture of e2e/fixtures.ts), so every
 * test may run beside any other, settings writers included.
 */
export default defineConfig({
  testDir: "./e2e",
  // chat-multi.spec.ts runs under playwright.multi.config.ts, against two server processes.
  testIgnore: ["chat-multi.spec.ts"],
  fullyParallel: true,
  outputDir: "./e2e/.artifacts/results",
  // Generous: CI machines have two cores and the server, Chromium and PostgreSQL share them.
  timeout: 150_000,
  expect: { timeout: 15_000 },
  // Two, each with its own server, database and Redis prefix. On two cores the whole stage took
  // 305-360 s on two workers against 395-444 s on one, and 7.6 against 9.5 min on a slower machine:
  // on one a quarter of the machine stays idle while tests wait on the server (a contract running
  // out, live updates). With a trace recorded for every test two had been slower; E2E_WORKERS=1 runs one.
  // The three flaky kinds first seen on two busy cores were each mended: a screenshot that hangs is
  // taken once more, options are picked from the keyboard, and a live message now wins over a read
  // already on its way (lib/live-data.ts). Figures: docs/decisions/0014-two-browser-test-workers.md.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  forbidOnly: Boolean(process.env.CI),
  // A failing test runs once more, only to record its trace: recording one on every run (DOM
  // snapshots and a screencast per action) cost a quarter of the browser tests' time (back office
  // money screens 41-43 s with it, 29-30 s without, in turns). A test that passes on its retry
  // still fails the run: a flaky test is a failure here, not a pass.
  retries: 1,
  failOnFlakyTests: true,
  reporter: [
    ["list"],
    ["./e2e/slowest-reporter.ts"],
    ["html", { open: "never", outputFolder: "e2e/.artifacts/report" }],
  ],
  use: {
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    // The ticker stands still (as for members who ask for less motion): a moving link is never
    // "stable" for a click, and an endless animation would keep software rendering busy.
    contextOptions: { reducedMotion: "reduce" },
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
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
});
