import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { requireNodeRuntime } from "../../../scripts/node-runtime.mjs";
import { openDatabase } from "../src/db/client.ts";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string | null;
  }
}

/**
 * Migrates one PGlite database and dumps it (each test file loads the dump in well under a
 * second instead of running initdb), and, with TEST_DATABASE_URL, one PostgreSQL template
 * database that each test file clones. With CI set, a missing PostgreSQL is a failure.
 */
export default async function setup(project: TestProject) {
  requireNodeRuntime("server tests");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "helio-tpl-"));
  const database = await openDatabase({ kind: "pglite" });
  await database.migrate();
  const client = (database.db as unknown as { $client: { dumpDataDir(c: "none"): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir("none");
  const file = path.join(dir, "template.tar");
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide("pgliteTemplate", file);

  const url = process.env.TEST_DATABASE_URL;
  if (!url && process.env.CI)
    throw new Error("CI is set but TEST_DATABASE_URL is missing: the PostgreSQL suite cannot be skipped in CI.");
  let templateName: string | null = null;
  if (url) {
    templateName = `helio_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect().catch((error: Error) => {
      throw new Error(`PostgreSQL at TEST_DATABASE_URL is not reachable: ${error.message}`);
    });
    await admin.query(`DROP DATABASE IF EXISTS ${templateName}`);
    await admin.query(`CREATE DATABASE ${templateName}`);
    const target = new URL(url);
    target.pathname = `/${templateName}`;
    const tpl = await openDatabase({ kind: "postgres", url: target.toString(), poolSize: 1 });
    await tpl.migrate();
    await tpl.close();
    await admin.end();
  }
  project.provide("postgresTemplate", templateName);

  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (url && templateName) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const { rows } = await admin.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE $1", [
        `${templateName}_c_%`,
      ]);
      for (const row of rows) await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
      await admin.query(`DROP DATABASE IF EXISTS ${templateName} WITH (FORCE)`);
      await admin.end();
    }
  };
}
