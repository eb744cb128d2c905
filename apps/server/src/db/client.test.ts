import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { databaseKinds, openTestDatabase } from "../../test/helpers.ts";
import { type Database, openDatabase } from "./client.ts";
import { queryRows } from "./rows.ts";

describe.runIf(databaseKinds.includes("postgres"))("the PostgreSQL pool", () => {
  let template: Database & { url?: string };
  let watcher: pg.Client;
  let pool: Database | undefined;
  beforeAll(async () => {
    template = await openTestDatabase("postgres");
    watcher = new pg.Client({ connectionString: template.url });
    await watcher.connect();
  });
  afterEach(async () => {
    vi.useRealTimers();
    await pool?.close();
    pool = undefined;
  });
  afterAll(async () => {
    await watcher.end();
    await template.close();
  });

  /** Backends of this database other than the watcher's and the template's own. */
  const backends = async () => {
    const { rows } = await watcher.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() order by pid",
    );
    return rows.map((r) => r.pid);
  };
  /** `n` queries at once, each holding its connection briefly; the backends that answered. */
  const burst = async (db: Database, n: number) => {
    const answers = await Promise.all(
      Array.from({ length: n }, () =>
        queryRows<{ pid: number }>(db.db, sql`select pg_backend_pid() as pid, pg_sleep(0.02)`).then(
          (rows) => rows[0]?.pid as number,
        ),
      ),
    );
    return [...new Set(answers)].sort((a, b) => a - b);
  };

  it("opens every connection at start, and a burst then opens no more", async () => {
    const before = await backends();
    pool = await openDatabase({ kind: "postgres", url: template.url as string, poolSize: 3 });
    await pool.openPool();
    const opened = (await backends()).filter((pid) => !before.includes(pid));
    expect(opened).toHaveLength(3);

    const served = await burst(pool, 12);
    expect(served.every((pid) => opened.includes(pid))).toBe(true);
  });

  it("keeps idle connections open (no new backend after the idle time of a shrinking pool)", async () => {
    // pg-pool closes an idle connection above its minimum by a timer (10 s) set on release.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    pool = await openDatabase({ kind: "postgres", url: template.url as string, poolSize: 3 });
    await pool.openPool();
    const first = await burst(pool, 3);
    expect(first).toHaveLength(3);
    vi.advanceTimersByTime(60_000);
    vi.useRealTimers();
    expect(await burst(pool, 3)).toEqual(first);
  });

  it("fails at start, naming DATABASE_POOL_SIZE, when PostgreSQL refuses part of the pool", async () => {
    // Connection limits bind ordinary roles only, so the pool signs in as one with a limit of 2.
    const role = `helio_pool_${randomBytes(4).toString("hex")}`;
    await watcher.query(`create role ${role} login connection limit 2`);
    try {
      const url = new URL(template.url as string);
      url.username = role;
      pool = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 3 });
      await expect(pool.openPool()).rejects.toThrow(/DATABASE_POOL_SIZE: PostgreSQL refused .*3 connections/);
      await pool.close();
      pool = undefined;
    } finally {
      await watcher.query(`drop role if exists ${role}`);
    }
  });
});
