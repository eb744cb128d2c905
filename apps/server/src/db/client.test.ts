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

  describe("transactions, BEGIN pipelined with the first statement", () => {
    /** What the pool's clients sent and when each answer came, in order. */
    const wireLog = (db: Database) => {
      const log: string[] = [];
      const pgPool = (db.db as unknown as { session: { client: pg.Pool } }).session.client;
      pgPool.on("acquire", (client: pg.PoolClient & { logged?: boolean }) => {
        if (client.logged) return;
        client.logged = true;
        const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
        (client as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = (...args) => {
          const first = args[0] as string | { text: string };
          const text = (typeof first === "string" ? first : first.text).split(" ")[0]?.toLowerCase();
          log.push(`sent ${text}`);
          const answer = query(...args);
          answer.then(
            () => log.push(`answered ${text}`),
            () => log.push(`failed ${text}`),
          );
          return answer;
        };
      });
      return log;
    };
    const table = `pipelined_${randomBytes(4).toString("hex")}`;
    beforeAll(async () => {
      await watcher.query(`create table ${table} (id int primary key)`);
    });
    afterAll(async () => {
      await watcher.query(`drop table ${table}`);
    });
    const count = async () => Number((await watcher.query(`select count(*) from ${table}`)).rows[0].count);

    it("sends the first statement before BEGIN is answered, and commits what it wrote", async () => {
      pool = await openDatabase({ kind: "postgres", url: template.url as string, poolSize: 1 });
      const log = wireLog(pool);
      const before = await count();
      const ids = await pool.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`insert into ${table} values (1)`));
        const [row] = await queryRows<{ xid: string }>(tx, sql`select txid_current()::text as xid`);
        const [again] = await queryRows<{ xid: string }>(tx, sql`select txid_current()::text as xid`);
        return [row?.xid, again?.xid];
      });
      expect(log.slice(0, 3)).toEqual(["sent begin", "sent insert", "answered begin"]);
      expect(log.at(-1)).toBe("answered commit");
      expect(ids[0]).toBe(ids[1]);
      expect(await count()).toBe(before + 1);
    });

    it("rolls back the pipelined first statement when a later one fails", async () => {
      pool = await openDatabase({ kind: "postgres", url: template.url as string, poolSize: 1 });
      const before = await count();
      await expect(
        pool.db.transaction(async (tx) => {
          await tx.execute(sql.raw(`insert into ${table} values (2)`));
          await tx.execute(sql.raw(`insert into ${table} values (2)`));
        }),
      ).rejects.toMatchObject({ cause: { code: "23505" } });
      expect(await count()).toBe(before);
      // The connection went back to the pool out of any transaction: the next one works on it.
      await pool.db.transaction((tx) => tx.execute(sql.raw(`insert into ${table} values (3)`)));
      expect(await count()).toBe(before + 1);
    });

    it("makes one transaction object per connection: the next transaction on it reuses it, a concurrent one has its own", async () => {
      pool = await openDatabase({ kind: "postgres", url: template.url as string, poolSize: 2 });
      const { db } = pool;
      const seen: unknown[] = [];
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      // Two at once take both connections; each then runs a second transaction on its own.
      await Promise.all(
        [0, 1].map(async () => {
          await db.transaction(async (tx) => {
            seen.push(tx);
            if (seen.length === 2) release();
            await held;
          });
        }),
      );
      expect(seen[0]).not.toBe(seen[1]);
      const next = await db.transaction(async (tx) => tx);
      expect(seen).toContain(next);
    });

    it("rolls back when the first statement itself fails, and keeps nested savepoints and the isolation level", async () => {
      pool = await openDatabase({ kind: "postgres", url: template.url as string, poolSize: 1 });
      await expect(
        pool.db.transaction((tx) => tx.execute(sql.raw(`insert into ${table} values ('not a number')`))),
      ).rejects.toMatchObject({ cause: { code: "22P02" } });
      const before = await count();
      const level = await pool.db.transaction(
        async (tx) => {
          await tx.execute(sql.raw(`insert into ${table} values (4)`));
          await expect(
            tx.transaction(async (inner) => {
              await inner.execute(sql.raw(`insert into ${table} values (5)`));
              throw new Error("undo the savepoint only");
            }),
          ).rejects.toThrow(/savepoint only/);
          const [row] = await queryRows<{ level: string }>(
            tx,
            sql`select current_setting('transaction_isolation') as level`,
          );
          return row?.level;
        },
        { isolationLevel: "serializable" },
      );
      expect(level).toBe("serializable");
      const { rows } = await watcher.query(`select id from ${table} where id in (4, 5) order by id`);
      expect(rows.map((r) => r.id)).toEqual([4]);
      expect(await count()).toBe(before + 1);
    });
  });
});
