import { MEMBER_ACCOUNTS, type MemberAccount } from "@helio/shared";
import { and, eq, type SQL, sql } from "drizzle-orm";
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

/**
 * Each member account's balance as a column, for a query grouped by member that has joined the
 * member's balance rows as `b` (see `memberBalancesJoin`). Lets a hot read that also checks the
 * session (the wallet's fast balance read) get the balances in the same round trip.
 * Column names come from our own constant list, never from input.
 */
export const memberBalanceColumns = sql.raw(
  MEMBER_ACCOUNTS.map((a) => `coalesce(sum(b.balance) filter (where b.account = '${a}'), 0)::text as "${a}"`).join(
    ", ",
  ),
);

/** `left join` of a member's balance rows, as `b`, on the SQL column that holds the member's id. */
export const memberBalancesJoin = (userIdColumn: SQL) => sql`left join balances b on b.user_id = ${userIdColumn}`;

/**
 * The balances read by `memberBalanceColumns`, in microcents: read from their text, so exactly
 * (a number past 2⁵³ would not be).
 */
export function balancesOfRow(row: Record<MemberAccount, string | number | bigint>): Record<MemberAccount, bigint> {
  return Object.fromEntries(MEMBER_ACCOUNTS.map((a) => [a, BigInt(row[a])])) as Record<MemberAccount, bigint>;
}
