import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { databaseKinds, openTestDatabase } from "../../test/helpers.ts";
import type { Database, Executor } from "./client.ts";
import { namedStatement } from "./prepared.ts";

type Rendering = { dialect: { sqlToQuery(statement: unknown): unknown } };

describe.each(databaseKinds)("namedStatement on %s", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => database?.close());

  const next = namedStatement<{ n: number; label: string | null }>(
    sql`select ${sql.placeholder("n")}::int + 1 as n, coalesce(${sql.placeholder("label")}::text, 'none') as label`,
  );
  const run = async (db: Executor, n: number, label: string | null) =>
    ((await next(db, { n, label })) as { rows: { n: number; label: string }[] }).rows[0];

  it("fills in each run's values, in and out of transactions, and renders the statement once", async () => {
    const { db } = database;
    const render = vi.spyOn((db as unknown as Rendering).dialect, "sqlToQuery");
    try {
      expect(await run(db, 1, "a")).toEqual({ n: 2, label: "a" });
      // Each transaction is a new executor: it runs the statement without rendering it again.
      for (const n of [10, 20]) {
        const inside = await db.transaction(async (tx) => [await run(tx, n, null), await run(tx, n + 1, "b")]);
        expect(inside).toEqual([
          { n: n + 1, label: "none" },
          { n: n + 2, label: "b" },
        ]);
      }
      expect(await run(db, 41, null)).toEqual({ n: 42, label: "none" });
      expect(render).toHaveBeenCalledTimes(1);
    } finally {
      render.mockRestore();
    }
  });
});
