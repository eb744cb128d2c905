import { isNull, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { queryRows } from "../../db/rows.ts";
import { user } from "../../platform/auth/tables.ts";
import { isMemberAccount } from "../../platform/kit.ts";
import { balances } from "./tables.ts";

/** Rows that break an invariant; each query returns nothing on a sound ledger. */
export async function findLedgerProblems(db: Executor) {
  const run = async (query: ReturnType<typeof sql>) => queryRows<Record<string, unknown>>(db, query);
  return {
    unbalancedTransactions: await run(sql`
      select t.id, coalesce(sum(e.amount), 0)::text as total, count(e.id)::int as entries
      from ledger_transactions t left join ledger_entries e on e.transaction_id = t.id
      group by t.id having coalesce(sum(e.amount), 0) <> 0 or count(e.id) < 2`),
    driftedBalances: await run(sql`
      select b.id, b.user_id, b.account, b.balance::text as balance, coalesce(sum(e.amount), 0)::text as entries_total
      from balances b left join ledger_entries e on e.balance_id = b.id
      group by b.id having b.balance <> coalesce(sum(e.amount), 0)`),
    negativeMemberBalances: await run(sql`
      select id, user_id, account, balance::text as balance from balances where user_id is not null and balance < 0`),
    brokenRunningBalances: await run(sql`
      select id, balance_id from (
        select id, balance_id, balance_after, sum(amount) over (partition by balance_id order by id) as running
        from ledger_entries) x
      where running <> balance_after`),
  };
}

export async function ledgerCounts(db: Executor) {
  const [row] = await queryRows<{ transactions: number; entries: number; accounts: number }>(
    db,
    sql`
    select (select count(*) from ledger_transactions)::int as transactions,
           (select count(*) from ledger_entries)::int as entries,
           (select count(*) from balances)::int as accounts`,
  );
  return row ?? { transactions: 0, entries: 0, accounts: 0 };
}

/** Sum of the platform's balances (`userId` null) by account. */
export async function systemBalanceTotals(db: Executor) {
  const rows = await db
    .select({ account: balances.account, total: sql<string>`coalesce(sum(${balances.balance}), 0)::text` })
    .from(balances)
    .where(isNull(balances.userId))
    .groupBy(balances.account);
  return rows.map((r) => ({ account: r.account, total: BigInt(r.total) }));
}

/**
 * Sum of the users' balances by account and by holder: members (`isMemberAccount`, the back
 * office's one definition, the one the member count uses) or admins, whose own accounts (the
 * demo grant every account gets, say) are not member money.
 */
export async function userBalanceTotals(db: Executor) {
  const rows = await queryRows<{ account: string; member: boolean; total: string }>(
    db,
    sql`
    select ${balances.account} as account, ${isMemberAccount} as member,
           coalesce(sum(${balances.balance}), 0)::text as total
    from ${balances} join ${user} on ${user.id} = ${balances.userId}
    group by 1, 2`,
  );
  return rows.map((r) => ({
    account: r.account,
    holder: r.member ? ("member" as const) : ("admin" as const),
    total: BigInt(r.total),
  }));
}

/** Sum of every movement of `kind` into member accounts (e.g. all commissions ever paid), microcents. */
export async function sumMemberCredits(db: Executor, kind: string) {
  const rows = await queryRows<{ total: string }>(
    db,
    sql`
    select coalesce(sum(e.amount), 0)::text as total
    from ledger_transactions t
    join ledger_entries e on e.transaction_id = t.id
    join balances b on b.id = e.balance_id
    where t.kind = ${kind} and b.user_id is not null and e.amount > 0`,
  );
  return BigInt(rows[0]?.total ?? 0);
}

/**
 * What the trading house took in stakes and paid out, by the member account on the other side
 * (`wallet` = real money, `demo` = practice money), microcents as text. Read from the `trading_house` account's
 * own entries, so it always agrees with that account's balance.
 */
export async function tradingHouseFlows(db: Executor) {
  return queryRows<{ account: string; stakes: string; payouts: string }>(
    db,
    sql`
    select member_leg.account,
           coalesce(sum(house.amount) filter (where t.kind = 'trade_stake'), 0)::text as stakes,
           coalesce(-sum(house.amount) filter (where t.kind = 'trade_payout'), 0)::text as payouts
    from ledger_entries house
    join balances hb on hb.id = house.balance_id and hb.user_id is null and hb.account = 'trading_house'
    join ledger_transactions t on t.id = house.transaction_id
    join ledger_entries member_entry on member_entry.transaction_id = house.transaction_id
    join balances member_leg on member_leg.id = member_entry.balance_id and member_leg.user_id is not null
    group by member_leg.account`,
  );
}
