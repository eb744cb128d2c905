// `npm run ledger:verify`: proves the ledger's invariants on the configured database and exits 1
// when any is broken. Database: DATABASE_URL (PostgreSQL) when set, otherwise the PGlite folder
// DATA_DIR/db (default ./data/db). A PGlite folder must never be open in two processes: stop the
// server first, or use the back office (GET /api/admin/ledger/verify) while it runs.
// `--json` prints the whole report as JSON.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// Node 24 runs the server's TypeScript sources as they are (type stripping; erasable syntax only).
const { openDatabase } = await import(path.join(root, "apps/server/src/db/client.ts"));
const { verifyLedger } = await import(path.join(root, "apps/server/src/modules/ledger/index.ts"));

const asJson = process.argv.includes("--json");
const url = process.env.DATABASE_URL || undefined;
const dataDir = path.join(path.resolve(process.env.DATA_DIR || "./data"), "db");
if (!url && !fs.existsSync(path.join(dataDir, "PG_VERSION"))) {
  console.error(`No database found: DATABASE_URL is not set and ${dataDir} holds no PGlite database.`);
  process.exit(2);
}
const where = url ? `PostgreSQL ${new URL(url).host}${new URL(url).pathname}` : `PGlite ${dataDir}`;

let database;
try {
  database = await openDatabase(url ? { kind: "postgres", url, poolSize: 2 } : { kind: "pglite", dataDir });
  const report = await verifyLedger(database.db);
  const json = JSON.stringify(report, (_k, v) => (typeof v === "bigint" ? v.toString() : v), 2);
  if (asJson) console.info(json);
  const { counts } = report;
  if (report.ok) {
    if (!asJson) {
      console.info(
        `Ledger OK (${where}): ${counts.transactions} transactions, ${counts.entries} entries, ${counts.accounts} accounts; ` +
          "every transaction sums to zero, every balance equals its entries and running balances, no member account below zero.",
      );
    }
    process.exitCode = 0;
  } else {
    if (!asJson) {
      console.error(`Ledger PROBLEMS (${where}):`);
      for (const key of [
        "unbalancedTransactions",
        "driftedBalances",
        "negativeMemberBalances",
        "brokenRunningBalances",
      ]) {
        const rows = report[key];
        if (!rows.length) continue;
        console.error(`  ${key}: ${rows.length}`);
        for (const row of rows.slice(0, 20)) {
          console.error(`    ${JSON.stringify(row, (_k, v) => (typeof v === "bigint" ? v.toString() : v))}`);
        }
        if (rows.length > 20) console.error(`    … and ${rows.length - 20} more`);
      }
    }
    process.exitCode = 1;
  }
} catch (error) {
  console.error(`Could not verify the ledger (${where}): ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 2;
} finally {
  await database?.close().catch(() => {});
}
