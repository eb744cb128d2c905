import { and, asc, count, desc, eq, gte, isNotNull, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { namedRows, queryRows } from "../../db/rows.ts";
import { balances, ledgerEntries, ledgerTransactions } from "./tables.ts";

/** A balance row: a member's account (shard 0), or one shard of a platform account. */
export type AccountKey = { userId: string | null; account: string; shard?: number };
export type BalanceRow = typeof balances.$inferSelect;

const matches = (k: AccountKey) =>
  and(
    k.userId === null ? isNull(balances.userId) : eq(balances.userId, k.userId),
    eq(balances.account, k.account),
    eq(balances.shard, k.shard ?? 0),
  );

export async function ensureBalanceRows(tx: Executor, keys: AccountKey[]) {
  if (!keys.length) return;
  await tx
    .insert(balances)
    .values(keys.map((k) => ({ userId: k.userId, account: k.account, shard: k.shard ?? 0 })))
    .onConflictDoNothing();
}

/** Locks the rows in one fixed order (by id), so concurrent movements never deadlock on each other. */
export async function lockBalances(tx: Executor, keys: AccountKey[]): Promise<BalanceRow[]> {
  return tx
    .select()
    .from(balances)
    .where(or(...keys.map(matches)))
    .orderBy(asc(balances.id))
    .for("update");
}

export async function findTransactionByKey(tx: Executor, idempotencyKey: string) {
  const [row] = await tx.select().from(ledgerTransactions).where(eq(ledgerTransactions.idempotencyKey, idempotencyKey));
  return row ?? null;
}

export type MovementLeg = { userId: string | null; account: string; shard: number; amount: number };
export type MovementWrite = {
  transaction: Omit<typeof ledgerTransactions.$inferInsert, "createdAt">;
  legs: MovementLeg[];
};
export type LockedLeg = { balanceId: number; userId: string | null; account: string; balanceAfter: number };
export type MovementOutcome =
  /** Written: the entries, with each account's balance after. */
  | { status: "written"; legs: LockedLeg[] }
  /** Some balance row does not exist yet: nothing was written. */
  | { status: "missing" }
  /** A member account would go below zero: nothing was written. */
  | { status: "insufficient"; account: string }
  /** The idempotency key is already taken: nothing was written. */
  | { status: "taken" };

/**
 * A whole movement in one statement, so a hot account's row stays locked for as short a time as
 * possible (this statement, then the commit): locks the touched balance rows in id order
 * (FOR UPDATE, so a concurrent movement's committed balance is the one used), computes each
 * balance after, and only when every row exists and no member account would go below zero,
 * inserts the transaction (`on conflict do nothing` on the idempotency key, which waits for a
 * concurrent holder of the same key) with its entries and adds the amounts to the balances.
 */
export async function lockAndWriteMovement(
  tx: Executor,
  { transaction: t, legs }: MovementWrite,
): Promise<MovementOutcome> {
  const values = sql.join(
    legs.map((l) => sql`(${l.userId}::text, ${l.account}::text, ${l.shard}::smallint, ${l.amount}::bigint)`),
    sql`, `,
  );
  // Spelled out per leg (not a join on v) so that each row is found through the unique index.
  const rowMatch = sql.join(
    legs.map((l) =>
      l.userId === null
        ? sql`(b.user_id is null and b.account = ${l.account} and b.shard = ${l.shard})`
        : sql`(b.user_id = ${l.userId} and b.account = ${l.account} and b.shard = ${l.shard})`,
    ),
    sql` or `,
  );
  const statement = sql`
    with v (user_id, account, shard, amount) as (values ${values}),
    locked as materialized (
      select b.id, b.user_id, b.account, b.shard, b.balance from balances b
      where ${rowMatch}
      order by b.id
      for update
    ),
    j as materialized (
      select l.id as balance_id, l.user_id, l.account, v.amount, l.balance + v.amount as balance_after
      from locked l
      join v on coalesce(l.user_id, '') = coalesce(v.user_id, '') and l.account = v.account and l.shard = v.shard
    ),
    ok as (
      select (select count(*) from j) = ${legs.length}
        and not exists (select 1 from j where user_id is not null and balance_after < 0) as ok
    ),
    t as (
      insert into ledger_transactions (id, kind, idempotency_key, reference_type, reference_id, actor_id, memo)
      select ${t.id}::uuid, ${t.kind}, ${t.idempotencyKey}, ${t.referenceType ?? null}, ${t.referenceId ?? null},
             ${t.actorId ?? null}, ${t.memo ?? null}
      from ok where ok.ok
      on conflict (idempotency_key) do nothing
      returning id
    ),
    e as (
      insert into ledger_entries (transaction_id, balance_id, amount, balance_after)
      select t.id, j.balance_id, j.amount, j.balance_after from t cross join j
    ),
    u as (
      update balances b set balance = b.balance + j.amount, updated_at = now()
      from j where b.id = j.balance_id and exists (select 1 from t)
    )
    select (select count(*)::int from t) as written,
           coalesce(json_agg(json_build_object(
             'balanceId', j.balance_id, 'userId', j.user_id, 'account', j.account, 'balanceAfter', j.balance_after
           )), '[]'::json) as legs
    from j`;
  const rows = await namedRows<{ written: number; legs: LockedLeg[] | string }>(tx, statement);
  const row = rows[0];
  const locked = (typeof row?.legs === "string" ? JSON.parse(row.legs) : (row?.legs ?? [])) as LockedLeg[];
  if ((row?.written ?? 0) > 0)
    return { status: "written", legs: locked.map((l) => ({ ...l, balanceAfter: Number(l.balanceAfter) })) };
  if (locked.length < legs.length) return { status: "missing" };
  const short = locked.find((l) => l.userId !== null && Number(l.balanceAfter) < 0);
  if (short) return { status: "insufficient", account: short.account };
  return { status: "taken" };
}

export async function memberBalances(db: Executor, userId: string) {
  return db
    .select({ account: balances.account, balance: balances.balance })
    .from(balances)
    .where(eq(balances.userId, userId));
}

/** Rows that break an invariant; each query returns nothing on a sound ledger. */
export async function findLedgerProblems(db: Executor) {
  const run = async (query: ReturnType<typeof sql>) => queryRows<Record<string, unknown>>(db, query);
  return {
    unbalancedTransactions: await run(sql`
      select t.id, coalesce(sum(e.amount), 0)::bigint as total, count(e.id)::int as entries
      from ledger_transactions t left join ledger_entries e on e.transaction_id = t.id
      group by t.id having coalesce(sum(e.amount), 0) <> 0 or count(e.id) < 2`),
    driftedBalances: await run(sql`
      select b.id, b.user_id, b.account, b.balance, coalesce(sum(e.amount), 0)::bigint as entries_total
      from balances b left join ledger_entries e on e.balance_id = b.id
      group by b.id having b.balance <> coalesce(sum(e.amount), 0)`),
    negativeMemberBalances: await run(sql`
      select id, user_id, account, balance from balances where user_id is not null and balance < 0`),
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

export type EntryFilter = {
  userId: string;
  kind?: string;
  account?: string;
  /** Inclusive lower bound. */
  from?: Date;
  /** Exclusive upper bound. */
  before?: Date;
};

const entryColumns = {
  id: ledgerEntries.id,
  transactionId: ledgerEntries.transactionId,
  kind: ledgerTransactions.kind,
  account: balances.account,
  amount: ledgerEntries.amount,
  balanceAfter: ledgerEntries.balanceAfter,
  referenceType: ledgerTransactions.referenceType,
  referenceId: ledgerTransactions.referenceId,
  memo: ledgerTransactions.memo,
  createdAt: ledgerEntries.createdAt,
};
export type EntryRow = {
  id: number;
  transactionId: string;
  kind: string;
  account: string;
  amount: number;
  balanceAfter: number;
  referenceType: string | null;
  referenceId: string | null;
  memo: string | null;
  createdAt: Date;
};

const entryWhere = (f: EntryFilter, extra?: SQL) =>
  and(
    eq(balances.userId, f.userId),
    f.account ? eq(balances.account, f.account) : undefined,
    f.kind ? eq(ledgerTransactions.kind, f.kind) : undefined,
    f.from ? gte(ledgerEntries.createdAt, f.from) : undefined,
    f.before ? lt(ledgerEntries.createdAt, f.before) : undefined,
    extra,
  );

/** A member's entries, newest first, with their transaction's kind and reference. */
export async function listMemberEntries(
  db: Executor,
  filter: EntryFilter,
  page: { limit: number; offset?: number; beforeId?: number },
): Promise<EntryRow[]> {
  return db
    .select(entryColumns)
    .from(ledgerEntries)
    .innerJoin(balances, eq(balances.id, ledgerEntries.balanceId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(entryWhere(filter, page.beforeId !== undefined ? lt(ledgerEntries.id, page.beforeId) : undefined))
    .orderBy(desc(ledgerEntries.id))
    .limit(page.limit)
    .offset(page.offset ?? 0);
}

export async function countMemberEntries(db: Executor, filter: EntryFilter): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(ledgerEntries)
    .innerJoin(balances, eq(balances.id, ledgerEntries.balanceId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(entryWhere(filter));
  return row?.n ?? 0;
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

/** A member's entries in one movement: which account moved by how much (an idempotent replay reads them). */
export async function memberEntriesOf(db: Executor, transactionId: string, userId: string) {
  return db
    .select({ account: balances.account, amount: ledgerEntries.amount, balanceAfter: ledgerEntries.balanceAfter })
    .from(ledgerEntries)
    .innerJoin(balances, eq(balances.id, ledgerEntries.balanceId))
    .where(and(eq(ledgerEntries.transactionId, transactionId), eq(balances.userId, userId)))
    .orderBy(asc(ledgerEntries.id));
}

/** Sum of balances by account: members' (`userId` not null) or the platform's. */
export async function balanceTotals(db: Executor, owner: "members" | "system") {
  const rows = await db
    .select({ account: balances.account, total: sql<string>`coalesce(sum(${balances.balance}), 0)::text` })
    .from(balances)
    .where(owner === "members" ? isNotNull(balances.userId) : isNull(balances.userId))
    .groupBy(balances.account);
  return rows.map((r) => ({ account: r.account, total: Number(r.total) }));
}

// ---------------------------------------------------------------------------------------------
// Batches of movements (postTransactions): a fixed number of statements whatever the batch size.
// Each statement's text is the same for any batch (the rows travel as one JSON parameter), so on
// PostgreSQL it is planned once per connection.
// ---------------------------------------------------------------------------------------------

export type LockedBalance = { id: number; userId: string | null; account: string; shard: number; balance: number };

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
    balance: number | string;
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
    balance: Number(r.balance),
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
export type BatchEntry = { ord: number; leg: number; balanceId: number; amount: number; balanceAfter: number };

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
  const eJson = JSON.stringify(
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

/** Movements recorded against one business record (e.g. an investment), oldest first. */
export async function listTransactionsByReference(db: Executor, referenceType: string, referenceId: string) {
  return db
    .select({
      id: ledgerTransactions.id,
      kind: ledgerTransactions.kind,
      idempotencyKey: ledgerTransactions.idempotencyKey,
      createdAt: ledgerTransactions.createdAt,
    })
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.referenceType, referenceType), eq(ledgerTransactions.referenceId, referenceId)))
    .orderBy(ledgerTransactions.createdAt);
}

/** Sum of every movement of `kind` into member accounts (e.g. all commissions ever paid), cents. */
export async function sumMemberCredits(db: Executor, kind: string) {
  const rows = await queryRows<{ total: string }>(
    db,
    sql`
    select coalesce(sum(e.amount), 0)::bigint as total
    from ledger_transactions t
    join ledger_entries e on e.transaction_id = t.id
    join balances b on b.id = e.balance_id
    where t.kind = ${kind} and b.user_id is not null and e.amount > 0`,
  );
  return Number(rows[0]?.total ?? 0);
}
