import { DEMO_GRANT_MICROCENTS, MEMBER_ACCOUNTS } from "@helio/shared";
import type { Db } from "../../db/client.ts";
import { moneyTransaction, type Posted, postTransaction } from "./posting.ts";
import { ensureBalanceRows } from "./posting-queries.ts";

/** Opens a new member's accounts and grants the 10,000.00 USD of practice money. */
export async function openMemberAccounts(db: Db, userId: string): Promise<Posted> {
  return moneyTransaction(db, async (tx) => {
    await ensureBalanceRows(
      tx,
      MEMBER_ACCOUNTS.map((account) => ({ userId, account })),
    );
    return postTransaction(tx, {
      kind: "demo_grant",
      idempotencyKey: `demo-grant:${userId}`,
      legs: [
        { account: { system: "demo_issuer" }, amount: -DEMO_GRANT_MICROCENTS },
        { account: { userId, account: "demo" }, amount: DEMO_GRANT_MICROCENTS },
      ],
      reference: { type: "user", id: userId },
    });
  });
}
