import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { migrationsFolder } from "../paths.ts";
import { pipelineBegin } from "./pipelined-begin.ts";
import * as schema from "./schema.ts";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** What query functions take first: the database or an open transaction. */
export type Executor = Db | Tx;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** Applies the migrations not applied yet: the app's, or those of `folder` (the migration tests' copies). */
  migrate(folder?: string): Promise<void>;
  /** Opens every pooled connection now (PostgreSQL), so that load never waits for one to open. */
  openPool(): Promise<void>;
  /** The pool's connections now (PostgreSQL only): open, idle, and queries waiting for one. */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
};

export type DatabaseOptions =
  | { kind: "postgres"; url: string; poolSize?: number }
  /** `dataDir` undefined keeps the database in memory; `loadDataDir` seeds it from a dump. */
  | { kind: "pglite"; dataDir?: string; loadDataDir?: Blob };

/**
 * Applies the migrations under a PostgreSQL advisory lock, on one connection: processes that start
 * together on a fresh database (replicas of one deployment) take turns, and each after the first
 * finds nothing left to do, instead of racing on the migrator's own tables.
 */
async function migrateOnce(pool: pg.Pool, folder: string): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock(hashtext('helio:migrations'))");
    try {
      await migratePg(drizzlePg({ client }) as never, { migrationsFolder: folder });
    } finally {
      await client.query("SELECT pg_advisory_unlock(hashtext('helio:migrations'))");
    }
  } finally {
    client.release();
  }
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === "postgres") {
    const size = options.poolSize ?? 20;
    // A fixed-size pool: a connection, once open, stays open (`min` = `max`). Opening one starts a
    // PostgreSQL backend (about 10 ms of CPU with its cold caches); a pool that closed idle ones
    // reopened them in every burst, and those forks stalled chat delivery (decision 0007).
    // `pipeline`: a client sends a query without waiting for the answer to the one before, which
    // lets a transaction's BEGIN travel with its first statement (pipelined-begin.ts).
    const pool = new pg.Pool({ connectionString: options.url, max: size, min: size, pipeline: true });
    // An idle client's network error must not crash the process; the next query reports it.
    pool.on("error", () => {});
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    pipelineBegin(db, pool);
    return {
      db,
      kind: "postgres",
      migrate: (folder = migrationsFolder) => migrateOnce(pool, folder),
      openPool: async () => {
        const opened = await Promise.allSettled(Array.from({ length: size }, () => pool.connect()));
        for (const result of opened) if (result.status === "fulfilled") result.value.release();
        const refused = opened.find((result) => result.status === "rejected");
        if (refused)
          throw new Error(
            `DATABASE_POOL_SIZE: PostgreSQL refused one of the pool's ${size} connections (${refused.reason instanceof Error ? refused.reason.message : String(refused.reason)}); lower DATABASE_POOL_SIZE or raise PostgreSQL's max_connections`,
          );
      },
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    };
  }
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    migrate: (folder = migrationsFolder) => migratePglite(db as never, { migrationsFolder: folder }),
    openPool: async () => {},
    close: () => client.close(),
  };
}
