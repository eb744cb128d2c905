import { and, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { balances, ledgerEntries } from "./tables.ts";

export async function memberBalances(db: Executor, userId: string) {
  return db
    .select({ account: balances.account, balance: balances.balance })
    .from(balances)
    .where(eq(balances.userId, userId));
}

/** The balance a member account had right after a given transaction (to answer a replay as the first time). */
export async function balanceAfterTransaction(db: Executor, transactionId: string, userId: string, account: string) {
  return (await entryOfTransaction(db, transactionId, userId, account))?.balanceAfter ?? null;
}

/** A member account's entry in a given transaction: its amount and the balance right after. */
export async function entryOfTransaction(db: Executor, transactionId: string, userId: string, account: string) {
  const [row] = await db
    .select({ amount: ledgerEntries.amount, balanceAfter: ledgerEntries.balanceAfter })
    .from(ledgerEntries)
    .innerJoin(balances, eq(balances.id, ledgerEntries.balanceId))
    .where(
      and(eq(ledgerEntries.transactionId, transactionId), eq(balances.userId, userId), eq(balances.account, account)),
    );
  return row ?? null;
}
