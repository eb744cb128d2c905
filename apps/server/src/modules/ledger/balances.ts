import { MEMBER_ACCOUNTS, type MemberAccount, type WsServerMessage } from "@helio/shared";
import type { Executor } from "../../db/client.ts";
import { balanceAfterTransaction, entryOfTransaction, memberBalances } from "./balance-queries.ts";
import { countPosted } from "./metrics.ts";
import type { Posted } from "./posting.ts";

export async function getMemberBalances(db: Executor, userId: string): Promise<Record<MemberAccount, bigint>> {
  const result = Object.fromEntries(MEMBER_ACCOUNTS.map((a) => [a, 0n])) as Record<MemberAccount, bigint>;
  for (const row of await memberBalances(db, userId)) {
    if ((MEMBER_ACCOUNTS as readonly string[]).includes(row.account))
      result[row.account as MemberAccount] = row.balance;
  }
  return result;
}

/** What a member account held right after a transaction (so a replay can answer as the first time). */
export async function balanceAfter(db: Executor, transactionId: string, userId: string, account: MemberAccount) {
  return balanceAfterTransaction(db, transactionId, userId, account);
}

/** A member account's entry in a transaction (amount, balance after), e.g. to answer a replay. */
export async function entryOf(db: Executor, transactionId: string, userId: string, account: MemberAccount) {
  return entryOfTransaction(db, transactionId, userId, account);
}

/** After commit: tells each member whose balances moved, on every open tab. */
export async function announceBalances(
  realtime: { toUser(uid: string, m: WsServerMessage): Promise<void> },
  posted: Posted[],
) {
  countPosted(posted);
  const byUser = new Map<string, Partial<Record<MemberAccount, bigint>>>();
  for (const p of posted) {
    for (const c of p.changes) byUser.set(c.userId, { ...byUser.get(c.userId), [c.account]: c.balance });
  }
  await Promise.all([...byUser].map(([uid, balances]) => realtime.toUser(uid, { type: "balances", balances })));
}
