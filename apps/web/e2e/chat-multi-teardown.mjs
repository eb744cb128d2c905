// Global teardown of playwright.multi.config.ts: stops both servers (Playwright would only stop
// them after this), then drops the run's database and files folder.
import fs from "node:fs";
import path from "node:path";
import pg from "pg";

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function stopServers(dataDir) {
  const pids = fs.existsSync(dataDir)
    ? fs
        .readdirSync(dataDir)
        .filter((f) => /^server-\d+\.pid$/.test(f))
        .map((f) => Number(fs.readFileSync(path.join(dataDir, f), "utf8")))
        .filter((pid) => Number.isInteger(pid) && pid > 0 && alive(pid))
    : [];
  for (const pid of pids) process.kill(pid, "SIGTERM");
  const deadline = Date.now() + 15_000;
  while (pids.some(alive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
}

export default async function teardown() {
  const { E2E_MULTI_DB: dbName, E2E_MULTI_DATA: dataDir, TEST_DATABASE_URL: baseUrl } = process.env;
  if (dataDir) await stopServers(dataDir);
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
