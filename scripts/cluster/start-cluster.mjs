// A Helio cluster on one machine: N app processes (WORKERS=on in each) on one PostgreSQL database,
// one Redis and one S3 server (s3rver), behind HAProxy. Used by `npm run cluster` and by the
// cluster test (`npm run test:cluster`), so both run exactly the same layout.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { requireNodeRuntime } from "../node-runtime.mjs";
import { ensureHaproxy, haproxyConfig, serverStates } from "./haproxy.mjs";

requireNodeRuntime("cluster");

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/postgres";
export const DEFAULT_REDIS_URL = "redis://127.0.0.1:6379";
const S3_KEY = "S3RVER";
const BUCKET = "helio";

/** A port nobody listens on right now (the kernel's pick). */
export function freePort(host = "127.0.0.1") {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, host, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * How an app process is started: the release build (built first when missing or older than the
 * sources, by scripts/builds.mjs), else the sources, whose types Node 24 strips.
 */
export async function appCommand({ log = console.info } = {}) {
  try {
    const { ensureServerBuild } = await import("../builds.mjs");
    const entry = await ensureServerBuild({ log: (line) => log(`  ${line}`) });
    return { kind: "release build", args: ["--enable-source-maps", entry] };
  } catch (error) {
    log(`  no release build (${error instanceof Error ? error.message : String(error)}): running the sources`);
    return serverCommand();
  }
}

/** The release build when there is one and it is newer than the sources, else the sources (Node 24 strips their types). */
export function serverCommand() {
  const built = path.join(root, "apps/server/dist/main.js");
  const sources = { kind: "sources", args: [path.join(root, "apps/server/src/main.ts")] };
  if (!fs.existsSync(built)) return sources;
  // A release build older than a source file would run yesterday's code: the sources win then.
  const builtAt = fs.statSync(built).mtimeMs;
  const newer = ["apps/server/src", "packages/shared/src"].some((dir) => newestMtime(path.join(root, dir)) > builtAt);
  if (newer) return { ...sources, kind: "sources (apps/server/dist is older than the sources)" };
  return { kind: "release build", args: ["--enable-source-maps", built] };
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue;
    newest = Math.max(newest, fs.statSync(path.join(entry.parentPath ?? entry.path, entry.name)).mtimeMs);
  }
  return newest;
}

/**
 * Creates the database when missing and applies the migrations, once, under an advisory lock (two
 * processes migrating one fresh database at once would collide). `fresh` drops it first.
 */
export async function prepareDatabase({ baseUrl, name, fresh = false }) {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`unexpected database name ${name}`);
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  await admin.query("SELECT pg_advisory_lock(hashtext($1))", [name]);
  try {
    if (fresh) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    const { rowCount } = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (!rowCount) await admin.query(`CREATE DATABASE ${name}`);
    const { openDatabase } = await import(path.join(root, "apps/server/src/db/client.ts"));
    const database = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 1 });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
  } finally {
    await admin.query("SELECT pg_advisory_unlock(hashtext($1))", [name]).catch(() => {});
    await admin.end();
  }
  return url.toString();
}

export async function dropDatabase({ baseUrl, name }) {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

function tail(file, lines = 30) {
  try {
    return fs.readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
}

/** CPU seconds (user + system) and resident memory (MB) of a running process, from /proc (Linux). */
export function processStats(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const cpuSeconds = (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks
    const rss = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return { cpuSeconds, rssMb: rss ? Number(rss[1]) / 1024 : Number.NaN };
  } catch {
    return { cpuSeconds: Number.NaN, rssMb: Number.NaN };
  }
}

/** Resolves when `child` exits (at once if it has). */
function exited(child) {
  if (child.exitCode !== null || child.signalCode !== null)
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
}

/**
 * Starts the cluster and resolves when every app process answers /api/ready and HAProxy routes to
 * each. Everything it started is stopped by `stop()`, and killed if this process exits first.
 *
 * @param {object} o
 * @param {number} [o.size] app processes (default 3)
 * @param {string} [o.host] where HAProxy listens (default 127.0.0.1)
 * @param {number} [o.port] HAProxy's port (default: a free one)
 * @param {string} [o.databaseUrl] PostgreSQL server (its database is replaced by `databaseName`)
 * @param {string} [o.databaseName] default helio_cluster
 * @param {boolean} [o.freshDatabase] drop and recreate it first
 * @param {string} [o.redisUrl]
 * @param {string} [o.dir] folder for logs, S3 files, HAProxy's config (default: a new temp folder)
 * @param {Record<string,string>} [o.env] more environment for every app process
 * @param {{inter:number,fall:number,rise:number}} [o.check] HAProxy's health check
 * @param {(line: string) => void} [o.log]
 */
export async function startCluster(o = {}) {
  const size = o.size ?? 3;
  if (!Number.isInteger(size) || size < 1 || size > 32) throw new Error(`cluster size must be 1–32, not ${o.size}`);
  const log = o.log ?? ((line) => console.info(line));
  const host = o.host ?? "127.0.0.1";
  const check = o.check ?? { inter: 500, fall: 3, rise: 1 };
  const baseUrl = o.databaseUrl ?? DEFAULT_DATABASE_URL;
  const databaseName = o.databaseName ?? "helio_cluster";
  const redisUrl = o.redisUrl ?? DEFAULT_REDIS_URL;
  const dir = o.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), "helio-cluster-"));
  fs.mkdirSync(dir, { recursive: true });
  const children = new Set();
  const killAll = () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  };
  process.on("exit", killAll);

  const cleanupOnFailure = async (error) => {
    killAll();
    process.off("exit", killAll);
    throw error;
  };

  try {
    const haproxyBin = ensureHaproxy({ log });
    const command = await appCommand({ log });
    log(`  database: ${databaseName} on ${new URL(baseUrl).host} (creating and migrating when needed)`);
    const databaseUrl = await prepareDatabase({ baseUrl, name: databaseName, fresh: o.freshDatabase });

    // Object storage.
    const s3Log = fs.openSync(path.join(dir, "s3.log"), "a");
    const s3 = spawn(
      process.execPath,
      [path.join(root, "scripts/cluster/s3-server.mjs"), path.join(dir, "s3"), BUCKET],
      { stdio: ["ignore", "pipe", s3Log] },
    );
    fs.closeSync(s3Log);
    children.add(s3);
    const s3Port = await new Promise((resolve, reject) => {
      const lines = readline.createInterface({ input: s3.stdout });
      lines.once("line", (line) => {
        lines.close();
        s3.stdout.resume();
        try {
          resolve(JSON.parse(line).port);
        } catch {
          reject(new Error(`s3rver said ${line}`));
        }
      });
      s3.once("exit", (code) => reject(new Error(`s3rver exited (${code}): ${tail(path.join(dir, "s3.log"))}`)));
    });
    const storageUrl = `s3://${BUCKET}?endpoint=http://127.0.0.1:${s3Port}&region=us-east-1`;

    const lbPort = o.port || (await freePort(host));
    const publicUrl = o.publicUrl ?? `http://${host === "0.0.0.0" ? "localhost" : host}:${lbPort}`;
    const shared = {
      NODE_ENV: "development",
      HOST: "127.0.0.1",
      PUBLIC_URL: publicUrl,
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: "10",
      REDIS_URL: redisUrl,
      // The cluster's own channels and keys: another deployment or test on this Redis stays apart.
      REDIS_PREFIX: `${databaseName}:`,
      STORAGE_URL: storageUrl,
      AWS_ACCESS_KEY_ID: S3_KEY,
      AWS_SECRET_ACCESS_KEY: S3_KEY,
      AUTH_SECRET: randomBytes(32).toString("hex"),
      TRUST_PROXY: "true",
      WORKERS: "on",
      // Readiness turns 503 and HAProxy needs `fall` checks (`inter`, then `fastinter` apart) to
      // take the process out: keep serving that long, and a margin for a slow check.
      SHUTDOWN_DRAIN_MS: String(check.inter * (check.fall + 1) + 500),
      LOG_LEVEL: "warn",
      ...o.env,
    };

    const processes = [];
    for (let i = 0; i < size; i++) {
      processes.push({
        index: i,
        name: `app${i + 1}`,
        port: await freePort(),
        dataDir: path.join(dir, `app${i + 1}`),
        logFile: path.join(dir, `app${i + 1}.log`),
        child: null,
        starts: 0,
      });
    }

    const spawnApp = (p) => {
      fs.mkdirSync(p.dataDir, { recursive: true });
      const out = fs.openSync(p.logFile, "a");
      const child = spawn(process.execPath, command.args, {
        cwd: root,
        env: { ...process.env, ...shared, PORT: String(p.port), DATA_DIR: p.dataDir },
        stdio: ["ignore", out, out],
      });
      fs.closeSync(out);
      children.add(child);
      child.once("exit", () => children.delete(child));
      p.child = child;
      p.starts += 1;
      p.spawnedAt = Date.now();
      return child;
    };

    const waitReady = async (p, timeoutMs = 120_000) => {
      const deadline = Date.now() + timeoutMs;
      const child = p.child;
      while (Date.now() < deadline) {
        if (child.exitCode !== null || child.signalCode !== null)
          throw new Error(
            `${p.name} exited (${child.exitCode ?? child.signalCode}) while starting:\n${tail(p.logFile)}`,
          );
        const ok = await fetch(`http://127.0.0.1:${p.port}/api/ready`, { signal: AbortSignal.timeout(2000) })
          .then((r) => r.status === 200)
          .catch(() => false);
        if (ok) {
          // How long and how much CPU a start took (spawn → first 200 from /api/ready).
          p.startups = [...(p.startups ?? []), { ms: Date.now() - p.spawnedAt, ...processStats(child.pid) }];
          return;
        }
        await sleep(100);
      }
      throw new Error(`${p.name} did not become ready in ${timeoutMs} ms:\n${tail(p.logFile)}`);
    };

    const statsSocket = path.join(dir, "haproxy.sock");
    const states = () => serverStates(statsSocket);
    /** Waits until HAProxy sees the server as `want` (UP: it routes there; DOWN: it does not). */
    const waitBalancer = async (p, want, timeoutMs = 30_000) => {
      const deadline = Date.now() + timeoutMs;
      let last;
      while (Date.now() < deadline) {
        last = (await states().catch(() => ({})))[p.name];
        if (want === "UP" ? last === "UP" : last?.startsWith("DOWN") || last === "MAINT") return;
        await sleep(50);
      }
      throw new Error(`HAProxy still sees ${p.name} as ${last}, not ${want}, after ${timeoutMs} ms`);
    };

    log(`  app processes: ${size} × ${command.kind}, WORKERS=on, ports ${processes.map((p) => p.port).join(", ")}`);
    for (const p of processes) spawnApp(p);
    await Promise.all(processes.map((p) => waitReady(p)));

    const cfgFile = path.join(dir, "haproxy.cfg");
    fs.writeFileSync(
      cfgFile,
      haproxyConfig({
        host,
        port: lbPort,
        statsSocket,
        check,
        servers: processes.map((p) => ({ name: p.name, host: "127.0.0.1", port: p.port })),
      }),
    );
    const haproxyLog = path.join(dir, "haproxy.log");
    const haproxyOut = fs.openSync(haproxyLog, "a");
    const haproxy = spawn(haproxyBin, ["-db", "-f", cfgFile], { stdio: ["ignore", haproxyOut, haproxyOut] });
    fs.closeSync(haproxyOut);
    children.add(haproxy);
    await Promise.race([
      Promise.all(processes.map((p) => waitBalancer(p, "UP"))),
      exited(haproxy).then(({ code }) => {
        throw new Error(`haproxy exited (${code}):\n${tail(haproxyLog)}`);
      }),
    ]);

    let stopped = false;
    const cluster = {
      url: publicUrl,
      dir,
      databaseUrl,
      databaseName,
      storageUrl,
      env: shared,
      command,
      processes,
      haproxy,
      states,
      /** CPU and memory of each running app process now. */
      stats: () => processes.map((p) => ({ name: p.name, ...processStats(p.child?.pid) })),
      waitReady,
      waitBalancer,
      /** Signals process i (SIGKILL by default) and resolves when it has exited. */
      async kill(i, signal = "SIGKILL") {
        const p = processes[i];
        const child = p.child;
        child.kill(signal);
        return exited(child);
      },
      /** Starts process i again (on its port) and resolves when HAProxy routes to it. */
      async start(i) {
        const p = processes[i];
        if (p.child && p.child.exitCode === null && p.child.signalCode === null)
          throw new Error(`${p.name} is running`);
        spawnApp(p);
        await waitReady(p);
        await waitBalancer(p, "UP");
      },
      async restart(i, signal = "SIGTERM") {
        await cluster.kill(i, signal);
        await cluster.start(i);
      },
      /**
       * One process at a time: SIGTERM (readiness turns 503, HAProxy takes it out, in-flight
       * requests finish, sockets close with 1001), start it again, wait until HAProxy routes to it.
       */
      async rollingRestart({ onStep } = {}) {
        for (const p of processes) {
          const began = Date.now();
          const { code, signal } = await cluster.kill(p.index, "SIGTERM");
          if (code !== 0) throw new Error(`${p.name} did not stop cleanly (${code ?? signal}):\n${tail(p.logFile)}`);
          const stoppedAt = Date.now();
          await cluster.start(p.index);
          onStep?.({ name: p.name, stopMs: stoppedAt - began, startMs: Date.now() - stoppedAt });
        }
      },
      /** Stops everything (apps first, gracefully), and drops the database when asked. */
      async stop({ dropDatabase: drop = false, signalled = false } = {}) {
        if (stopped) return;
        stopped = true;
        const running = processes.filter((p) => p.child && p.child.exitCode === null && p.child.signalCode === null);
        // Ctrl-C in a terminal reaches the whole process group, the apps included, and a second
        // signal would make them exit at once: an app whose readiness already says 503 (or that no
        // longer answers) is shutting down, and is left to finish.
        if (signalled) await sleep(200);
        await Promise.all(
          running.map(async (p) => {
            const ready = await fetch(`http://127.0.0.1:${p.port}/api/ready`, { signal: AbortSignal.timeout(1000) })
              .then((r) => r.status === 200)
              .catch(() => false);
            if (ready || !signalled) p.child.kill("SIGTERM");
          }),
        );
        const runningChildren = running.map((p) => p.child);
        const deadline = sleep(Number(shared.SHUTDOWN_DRAIN_MS) + 15_000).then(() => "timeout");
        for (const child of runningChildren) if ((await Promise.race([exited(child), deadline])) === "timeout") break;
        for (const child of [...children]) {
          if (child.exitCode === null && child.signalCode === null)
            child.kill(child === haproxy ? "SIGTERM" : "SIGKILL");
        }
        haproxy.kill("SIGTERM");
        s3.kill("SIGTERM");
        await Promise.race([Promise.all([exited(haproxy), exited(s3)]), sleep(5000)]);
        killAll();
        process.off("exit", killAll);
        if (drop) await dropDatabase({ baseUrl, name: databaseName });
      },
    };
    return cluster;
  } catch (error) {
    return cleanupOnFailure(error);
  }
}
