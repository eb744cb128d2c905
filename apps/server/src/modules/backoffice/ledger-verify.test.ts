import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { fromCents } from "@helio/shared";
import { sql } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { databaseKinds, openTestDatabase } from "../../../test/helpers.ts";
import { openDatabase } from "../../db/client.ts";
import { user } from "../../platform/auth/tables.ts";
import { moneyTransaction, openMemberAccounts, postTransaction } from "../ledger/index.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../..");
const run = promisify(execFile);

/** Runs `npm run ledger:verify`'s script; resolves with its exit code and output. */
async function verifyScript(env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, [path.join(root, "scripts/ledger-verify.mjs")], {
      cwd: root,
      env: { PATH: process.env.PATH ?? "", ...env },
      timeout: 60_000,
    });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, out: `${e.stdout ?? ""}${e.stderr ?? ""}` };
  }
}

describe.each(databaseKinds)("npm run ledger:verify on %s", (kind) => {
  it("prints OK on a sound ledger and exits 1 with the problems on a broken one", async () => {
    let env: Record<string, string>;
    let database: Awaited<ReturnType<typeof openTestDatabase>>;
    let cleanup: () => Promise<void>;
    if (kind === "postgres") {
      database = await openTestDatabase("postgres");
      env = { DATABASE_URL: database.url as string };
      cleanup = () => database.close();
    } else {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "helio-verify-"));
      const dump = fs.readFileSync(inject("pgliteTemplate"));
      database = await openDatabase({
        kind: "pglite",
        dataDir: path.join(dataDir, "db"),
        loadDataDir: new Blob([dump]),
      });
      env = { DATA_DIR: dataDir };
      cleanup = async () => fs.rmSync(dataDir, { recursive: true, force: true });
    }
    try {
      const uid = "verify-member";
      await database.db.insert(user).values({ id: uid, name: "V", email: "verify@example.test" });
      await openMemberAccounts(database.db, uid);
      await moneyTransaction(database.db, (tx) =>
        postTransaction(tx, {
          kind: "adjustment",
          idempotencyKey: "verify-1",
          legs: [
            { account: { system: "adjustments" }, amount: -fromCents(500) },
            { account: { userId: uid, account: "wallet" }, amount: fromCents(500) },
          ],
        }),
      );
      if (kind === "pglite") await database.close(); // one process at a time on a PGlite folder
      const ok = await verifyScript(env);
      expect(ok, ok.out).toMatchObject({ code: 0 });
      expect(ok.out).toMatch(/^Ledger OK .*: 2 transactions, 4 entries, 7 accounts/m);

      // Break it behind the ledger's back: a balance that no longer equals its entries.
      if (kind === "pglite") {
        database = await openDatabase({ kind: "pglite", dataDir: path.join(env.DATA_DIR as string, "db") });
      }
      await database.db.execute(
        sql`update balances set balance = balance + 1 where user_id = ${uid} and account = 'wallet'`,
      );
      if (kind === "pglite") await database.close();
      const broken = await verifyScript(env);
      expect(broken.code, broken.out).toBe(1);
      expect(broken.out).toContain("Ledger PROBLEMS");
      expect(broken.out).toContain("driftedBalances: 1");
    } finally {
      await cleanup();
    }
  }, 120_000); // two runs of a separate Node process that loads the server code
});
