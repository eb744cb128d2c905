#!/usr/bin/env node
// `npm run bench`: every benchmark, one after the other, each bounded in time and cleaning up
// after itself. Each prints its own figures and targets; the run fails when one of them fails
// to run (a missed target is reported, not a failure).
//
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379 npm run bench
//   npm run bench -- --only money        (or: stack, chat, trading, ticks, investments, web, startup, scale); other arguments are passed to each script
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { requireNodeRuntime } from "../scripts/node-runtime.mjs";

requireNodeRuntime("npm run bench");
const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const onlyAt = args.indexOf("--only");
const only = onlyAt >= 0 ? args[onlyAt + 1] : undefined;
const passOn = onlyAt >= 0 ? args.filter((_, i) => i !== onlyAt && i !== onlyAt + 1) : args;

const benches = [
  { name: "money", file: "money.mjs", needs: [] },
  { name: "stack", file: "stack-costs.mjs", needs: [] },
  { name: "chat", file: "chat-latency.mjs", needs: ["REDIS_URL", "TEST_DATABASE_URL|DATABASE_URL"] },
  { name: "trading", file: "trading.mjs", needs: [] },
  { name: "ticks", file: "ticks.mjs", needs: [] },
  { name: "investments", file: "investments.mjs", needs: ["TEST_DATABASE_URL|DATABASE_URL"] },
  { name: "web", file: "web.mjs", needs: [] },
  { name: "startup", file: "startup.mjs", needs: [] },
  { name: "scale", file: "scale-out.mjs", needs: ["REDIS_URL", "TEST_DATABASE_URL|DATABASE_URL"] },
];

let failed = 0;
for (const bench of benches) {
  if (only && only !== bench.name) continue;
  const file = path.join(here, bench.file);
  if (!fs.existsSync(file)) continue;
  const missing = bench.needs.filter((n) => !n.split("|").some((v) => process.env[v]));
  if (missing.length) {
    console.info(`\n== ${bench.name}: SKIPPED (set ${missing.join(", ")})`);
    continue;
  }
  console.info(`\n== ${bench.name} (bench/${bench.file})`);
  const code = await new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [file, ...passOn.filter((a) => bench.name === "money" || !a.startsWith("--connections"))],
      {
        stdio: "inherit",
      },
    );
    child.once("exit", (c) => resolve(c ?? 1));
  });
  if (code !== 0) {
    console.error(`== ${bench.name}: exited with ${code}`);
    failed++;
  }
}
process.exitCode = failed ? 1 : 0;
