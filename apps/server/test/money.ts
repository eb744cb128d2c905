import { expect } from "vitest";
import type { Database } from "../src/db/client.ts";
import { verifyLedger } from "../src/modules/ledger/index.ts";

/** Every money test ends here: the ledger's invariants hold. */
export async function expectSoundLedger(database: Database) {
  const report = await verifyLedger(database.db);
  expect(report, JSON.stringify(report)).toMatchObject({
    ok: true,
    unbalancedTransactions: [],
    driftedBalances: [],
    negativeMemberBalances: [],
    brokenRunningBalances: [],
  });
  return report;
}
