#!/usr/bin/env node
// `npm run bench -- --only startup`: start-up time and idle memory of one server process on the
// embedded defaults (PGlite in a fresh temporary DATA_DIR, in-process bus, mail to the outbox,
// workers on), in turns per run:
//   tsx       what `npm start` ran before the compiled server: tsx's loader and the TypeScript sources
//   compiled  node --enable-source-maps apps/server/dist/main.js
//   start     node scripts/start.mjs: the staleness checks, then the compiled server in that process
// Each run starts a mode twice: on a fresh DATA_DIR (creates the database, applies the migrations,
// creates the admin), then again on that DATA_DIR. Start-up = spawn → first 200 from /api/health
// (polled every 10 ms). Memory = VmRSS of the process after 5 s idle (and with its child processes,
// if any). The server is built first when stale; nothing else is built (WEB_DIST, else apps/web/dist
// whether built or not, is what is served). One untimed start of each mode comes first (--warmup).
//
//   npm run bench -- --only startup                 5 runs of every mode
//   node bench/startup.mjs --runs 3 --modes tsx,compiled --idle 5 --warmup 0
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureServerBuild } from "../scripts/builds.mjs";
import { boundedRun, numberArg, processCpuMs } from "./lib.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const runs = numberArg("runs", 5);
const idleMs = numberArg("idle", 5) * 1000;
const modesAt = process.argv.indexOf("--modes");
const modes = modesAt > 0 ? process.argv[modesAt + 1].split(",") : ["tsx", "compiled", "start"];
const webDist = process.env.WEB_DIST ?? path.join(root, "apps/web/dist");

const tsxMain = `const { register } = await import("tsx/esm/api"); register(); await import(${JSON.stringify(path.join(root, "apps/server/src/main.ts"))});`;
const COMMANDS = {
  tsx: ["--input-type=module", "-e", tsxMain],
  compiled: ["--enable-source-maps", path.join(root, "apps/server/dist/main.js")],
  start: [path.join(root, "scripts/start.mjs")],
};
for (const mode of modes) if (!COMMANDS[mode]) throw new Error(`unknown mode ${mode} (tsx, compiled, start)`);

const { cleanups, cleanup } = boundedRun("startup bench", 60 * 60_000);

async function freePort() {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function rssKb(pid) {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? Number.NaN);
  } catch {
    return Number.NaN;
  }
}

/** Every process below `pid` (Linux /proc). */
function descendants(pid) {
  const parentOf = new Map();
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      parentOf.set(Number(name), Number(fs.readFileSync(`/proc/${name}/stat`, "utf8").split(") ")[1].split(" ")[1]));
    } catch {}
  }
  const found = [];
  const visit = (p) => {
    for (const [child, parent] of parentOf)
      if (parent === p) {
        found.push(child);
        visit(child);
      }
  };
  visit(pid);
  return found;
}

/** Starts a mode on `dataDir`, waits for health, idles, measures, stops it (SIGTERM). */
async function measure(mode, dataDir, idle = idleMs) {
  await ensureServerBuild(); // sources saved meanwhile: rebuilt here, not inside a timed start
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, WEB_DIST: webDist };
  for (const name of ["DATABASE_URL", "REDIS_URL", "SMTP_URL", "NODE_ENV", "PUBLIC_URL", "AUTH_SECRET"])
    delete env[name];
  const t0 = performance.now();
  const child = spawn(process.execPath, COMMANDS[mode], { cwd: root, env, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (d) => {
    stderr += d;
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  let startMs;
  while (startMs === undefined) {
    if (child.exitCode !== null) throw new Error(`${mode}: exited with ${child.exitCode}\n${stderr}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) startMs = performance.now() - t0;
    } catch {}
    if (startMs === undefined) await new Promise((r) => setTimeout(r, 10));
    if (performance.now() - t0 > 120_000) throw new Error(`${mode}: not healthy after 120 s\n${stderr}`);
  }
  const cpuMs = processCpuMs(child.pid);
  await new Promise((r) => setTimeout(r, idle));
  const rss = rssKb(child.pid);
  const tree = rss + descendants(child.pid).reduce((sum, pid) => sum + rssKb(pid), 0);
  child.kill("SIGTERM");
  const code = await exited;
  if (code !== 0) throw new Error(`${mode}: exited with ${code} after SIGTERM\n${stderr}`);
  return { startMs, cpuMs, rssMb: rss / 1024, treeMb: tree / 1024 };
}

// Untimed: fills tsx's transform cache and the file cache, as on any machine that ran it before.
for (let i = 0; i < numberArg("warmup", 1); i++)
  for (const mode of modes) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "helio-bench-startup-"));
    try {
      await measure(mode, dataDir, 0);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }

const results = new Map(); // `${mode} ${phase}` → measurements
for (let run = 1; run <= runs; run++) {
  // In turns, the order rotating each run, so no mode always goes first.
  const order = modes.map((_, i) => modes[(i + run - 1) % modes.length]);
  for (const mode of order) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "helio-bench-startup-"));
    const remove = async () => fs.rmSync(dataDir, { recursive: true, force: true });
    cleanups.push(remove);
    for (const phase of ["fresh DATA_DIR", "existing DATA_DIR"]) {
      const m = await measure(mode, dataDir);
      const key = `${mode}, ${phase}`;
      results.set(key, [...(results.get(key) ?? []), m]);
      console.info(
        `run ${run} ${key}: ${m.startMs.toFixed(0)} ms to healthy (${m.cpuMs} ms CPU), RSS ${m.rssMb.toFixed(1)} MB` +
          (m.treeMb > m.rssMb ? ` (${m.treeMb.toFixed(1)} MB with child processes)` : ""),
      );
    }
    await remove();
    cleanups.splice(cleanups.indexOf(remove), 1);
  }
}

const range = (values, digits = 0) => {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  return `${sorted[0].toFixed(digits)}–${sorted.at(-1).toFixed(digits)} (median ${median.toFixed(digits)})`;
};
console.info(`\n${runs} runs, Node ${process.version}, ${os.cpus().length} cores, idle ${idleMs / 1000} s before RSS`);
console.info("| mode | start-up to healthy, ms | CPU to healthy, ms | RSS idle, MB | with child processes, MB |");
console.info("|---|---|---|---|---|");
for (const [key, ms] of results)
  console.info(
    `| ${key} | ${range(ms.map((m) => m.startMs))} | ${range(ms.map((m) => m.cpuMs))} | ${range(
      ms.map((m) => m.rssMb),
      1,
    )} | ${range(
      ms.map((m) => m.treeMb),
      1,
    )} |`,
  );
await cleanup();
