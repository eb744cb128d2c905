import { jsonText } from "@helio/shared";
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { namedRows } from "../../db/rows.ts";
import type { AccountKey } from "./posting-queries.ts";

// ---------------------------------------------------------------------------------------------
// Batches of movements (postTransactions): a fixed number of statements whatever the batch size.
// Each statement's text is the same for any batch (the rows travel as one JSON parameter), so on
// PostgreSQL it is planned once per connection.
// ---------------------------------------------------------------------------------------------

export type LockedBalance = { id: number; userId: string | null; account: string; shard: number; balance: bigint };

/**
 * Locks the existing rows among `keys` in id order (the order every movement locks in, so a batch
 * and single movements never deadlock) and returns their current balances. Missing rows are not
 * returned: open them (ensureBalanceRows) and lock again.
 */
export async function lockBalanceRows(tx: Executor, keys: AccountKey[]): Promise<LockedBalance[]> {
  if (!keys.length) return [];
  const json = JSON.stringify(keys.map((k) => ({ user_id: k.userId, account: k.account, shard: k.shard ?? 0 })));
  // Two index lookups (member rows by user, platform rows by `user_id is null`), then the lock.
  const rows = await namedRows<{
    id: number | string;
    user_id: string | null;
    account: string;
    shard: number;
    balance: number | string | bigint;
  }>(
    tx,
    sql`
    with k as (select * from json_to_recordset(${json}::json) as k(user_id text, account text, shard smallint))
    select b.id, b.user_id, b.account, b.shard, b.balance from balances b
    where b.id in (
      select m.id from k join balances m on m.user_id = k.user_id and m.account = k.account and m.shard = k.shard
      union all
      select p.id from k join balances p on p.user_id is null and p.account = k.account and p.shard = k.shard
      where k.user_id is null
    )
    order by b.id
    for update of b`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    userId: r.user_id,
    account: r.account,
    shard: Number(r.shard),
    balance: BigInt(r.balance),
  }));
}

/** The movements that already hold any of these idempotency keys. */
export async function findTransactionsByKeys(tx: Executor, keys: string[]) {
  if (!keys.length) return [];
  const rows = await namedRows<{ id: string; kind: string; idempotency_key: string }>(
    tx,
    sql`
    select id, kind, idempotency_key from ledger_transactions
    where idempotency_key in (select value from json_array_elements_text(${JSON.stringify(keys)}::json))`,
  );
  return rows.map((r) => ({ id: r.id, kind: r.kind, idempotencyKey: r.idempotency_key }));
}

export type BatchTransaction = {
  /** Position in the batch: entries are written in this order (so running balances follow ids). */
  ord: number;
  id: string;
  kind: string;
  idempotencyKey: string;
  referenceType: string | null;
  referenceId: string | null;
  actorId: string | null;
  memo: string | null;
};
export type BatchEntry = { ord: number; leg: number; balanceId: number; amount: bigint; balanceAfter: bigint };

/**
 * Writes a batch whose balances were computed under the row locks of lockBalanceRows: inserts the
 * transactions (`on conflict do nothing` on the idempotency key, which waits for a concurrent
 * holder of a key), and only when every one of them was inserted, their entries (in batch order)
 * and each touched balance's total change. Returns how many transactions were inserted; fewer
 * than given means a key was taken meanwhile and nothing else was written (roll back).
 */
export async function writeMovementBatch(
  tx: Executor,
  transactions: BatchTransaction[],
  entries: BatchEntry[],
): Promise<number> {
  if (!transactions.length) return 0;
  const tJson = JSON.stringify(
    transactions.map((t) => ({
      ord: t.ord,
      id: t.id,
      kind: t.kind,
      idempotency_key: t.idempotencyKey,
      reference_type: t.referenceType,
      reference_id: t.referenceId,
      actor_id: t.actorId,
      memo: t.memo,
    })),
  );
  // Amounts as strings of digits (`jsonText`): json_to_recordset reads them into its bigint columns.
  const eJson = jsonText(
    entries.map((e) => ({
      ord: e.ord,
      leg: e.leg,
      balance_id: e.balanceId,
      amount: e.amount,
      balance_after: e.balanceAfter,
    })),
  );
  const rows = await namedRows<{ written: number | string }>(
    tx,
    sql`
    with tv as materialized (
      select * from json_to_recordset(${tJson}::json) as x(ord int, id uuid, kind text, idempotency_key text,
        reference_type text, reference_id text, actor_id text, memo text)
    ),
    ev as materialized (
      select * from json_to_recordset(${eJson}::json) as x(ord int, leg int, balance_id bigint, amount bigint,
        balance_after bigint)
    ),
    t as (
      insert into ledger_transactions (id, kind, idempotency_key, reference_type, reference_id, actor_id, memo)
      select id, kind, idempotency_key, reference_type, reference_id, actor_id, memo from tv order by ord
      on conflict (idempotency_key) do nothing
      returning id
    ),
    ok as materialized (select (select count(*) from t) = (select count(*) from tv) as ok),
    e as (
      insert into ledger_entries (transaction_id, balance_id, amount, balance_after)
      select tv.id, ev.balance_id, ev.amount, ev.balance_after
      from ev join tv on tv.ord = ev.ord cross join ok
      where ok.ok
      order by ev.ord, ev.leg
    ),
    u as (
      update balances b set balance = b.balance + s.total, updated_at = now()
      from (select balance_id, sum(amount) as total from ev group by balance_id) s cross join ok
      where b.id = s.balance_id and ok.ok
    )
    select (select count(*)::int from t) as written`,
  );
  return Number(rows[0]?.written ?? 0);
}
