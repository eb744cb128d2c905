// Shared pieces of the benchmark scripts: arguments, bounded runs that clean up after themselves,
// scratch PostgreSQL databases and verified members made through the real app (`app.inject`).
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** User and system CPU time of a process so far (Linux /proc; clock ticks of 10 ms), else NaN. */
export function processCpuMs(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/** CPU time of this whole machine (all processes, user + system) in ms, from /proc/stat; NaN elsewhere. */
export function machineCpuMs() {
  try {
    const [, ...ticks] = fs.readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/);
    // user nice system (idle iowait) irq softirq steal: everything but idle and iowait, at 100 ticks/s.
    const busy = ticks.slice(0, 8).reduce((sum, t, i) => (i === 3 || i === 4 ? sum : sum + Number(t)), 0);
    return busy * 10;
  } catch {
    return Number.NaN;
  }
}

/**
 * The environment of an in-process Helio for a benchmark (for `loadConfig`): production mode,
 * fresh secrets, no workers, no logs, no web app, limits out of the way; `extra` adds or overrides.
 */
export function benchAppEnv({ publicUrl, dataDir, databaseUrl, ...extra }) {
  return {
    NODE_ENV: "production",
    PUBLIC_URL: publicUrl,
    AUTH_SECRET: randomBytes(32).toString("hex"),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: "silent",
    WORKERS: "off",
    AUTH_RATE_LIMIT: "100000",
    ADMIN_PASSWORD: randomBytes(12).toString("hex"),
    WEB_DIST: path.join(root, "bench", ".no-web"),
    ...extra,
  };
}

/** `--name value` as a number, else `fallback`. */
export function numberArg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? Number(process.argv[i + 1]) : fallback;
}

/**
 * Cleanups run last-in first-out, at the end, on Ctrl-C and when the run exceeds `limitMs`
 * (then the process exits with 3).
 */
export function boundedRun(name, limitMs) {
  const cleanups = [];
  const cleanup = async () => {
    while (cleanups.length)
      await cleanups
        .pop()()
        .catch((e) => console.warn(`cleanup: ${e.message}`));
  };
  const hardStop = setTimeout(async () => {
    console.error(`${name}: stopped after ${Math.round(limitMs / 1000)} s`);
    await cleanup();
    process.exit(3);
  }, limitMs);
  hardStop.unref();
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.once(signal, async () => {
      await cleanup();
      process.exit(130);
    });
  }
  return { cleanups, cleanup };
}

/** A new empty database beside `baseUrl`'s, dropped by the cleanups; returns its URL. */
export async function scratchDatabase(baseUrl, name, cleanups) {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const dropper = new pg.Client({ connectionString: baseUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  });
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Registers a member through the app and opens the verification link from the outbox, like a
 * browser would; returns the session cookie and the member's uid.
 */
export async function registerVerified(app, { publicUrl, listOutbox, prefix = "bench", lastName = "Member" }) {
  const tag = randomBytes(4).toString("hex");
  const email = `${prefix}_${tag}@example.test`;
  const reg = await app.inject({
    method: "POST",
    url: "/api/register",
    headers: { origin: publicUrl, "content-type": "application/json" },
    payload: JSON.stringify({
      firstName: "Bench",
      lastName,
      username: `${prefix.slice(0, 6)}_${tag}`,
      email,
      password: "bench-password-123",
      currency: "USD",
      acceptTerms: true,
      confirmAdult: true,
    }),
  });
  if (reg.statusCode !== 201) throw new Error(`register: ${reg.statusCode} ${reg.body}`);
  const [mail] = await listOutbox(app.services.db, email, 1);
  const link = new URL(mail.text.match(/https?:\/\/\S+/)[0]);
  const verify = await app.inject({ method: "GET", url: link.pathname + link.search, headers: { origin: publicUrl } });
  const cookie = verify.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  const me = await app.inject({ method: "GET", url: "/api/me", headers: { origin: publicUrl, cookie } });
  if (me.statusCode !== 200) throw new Error(`me: ${me.statusCode} ${me.body}`);
  return { cookie, uid: me.json().uid };
}
