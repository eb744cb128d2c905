// Global teardown of playwright.multi.config.ts: drops the run's database and files folder.
import fs from "node:fs";
import pg from "pg";

export default async function teardown() {
  const { E2E_MULTI_DB: dbName, E2E_MULTI_DATA: dataDir, TEST_DATABASE_URL: baseUrl } = process.env;
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  if (!baseUrl || !dbName || !/^helio_e2e_multi_\d+$/.test(dbName)) return;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}
