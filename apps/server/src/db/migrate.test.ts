import { randomBytes } from "node:crypto";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { openDatabase } from "./client.ts";

// Replicas of one deployment start together on a fresh database: each runs the migrations.
describe.runIf(inject("postgresTemplate"))("migrations on PostgreSQL", () => {
  it("run once when three processes migrate one fresh database at the same time", async () => {
    const baseUrl = process.env.TEST_DATABASE_URL as string;
    const name = `helio_migrate_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    const replicas = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ kind: "postgres", url: url.toString(), poolSize: 2 })),
    );
    try {
      const results = await Promise.allSettled(replicas.map((replica) => replica.migrate()));
      expect(results.filter((r) => r.status === "rejected")).toEqual([]);
      const check = new pg.Client({ connectionString: url.toString() });
      await check.connect();
      const applied = await check.query(
        "SELECT hash, count(*)::int AS n FROM drizzle.__drizzle_migrations GROUP BY hash",
      );
      await check.end();
      expect(applied.rows.length).toBeGreaterThan(0);
      expect(applied.rows.filter((row) => row.n !== 1)).toEqual([]);
    } finally {
      await Promise.all(replicas.map((replica) => replica.close()));
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
