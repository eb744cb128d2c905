import { randomUUID } from "node:crypto";
import type { MemberAccount, SystemAccount, TransactionKind } from "@helio/shared";
import type { Db, Tx } from "../../db/client.ts";
import { AppError } from "../../platform/http/errors.ts";
import { traced, tracingOn } from "../../platform/tracing/tracing.ts";
import {
  type BatchEntry,
  type BatchTransaction,
  findTransactionsByKeys,
  lockBalanceRows,
  writeMovementBatch,
} from "./batch-queries.ts";
import {
  type AccountKey,
  ensureBalanceRows,
  findTransactionByKey,
  lockAndWriteMovement,
  lockBalances,
} from "./posting-queries.ts";

export type AccountRef = { userId: string; account: MemberAccount } | { system: SystemAccount };
/** `amount` in microcents: positive raises the account's balance, negative lowers it. Legs sum to zero. */
export type Leg = { account: AccountRef; amount: bigint };
export type Movement = {
  kind: TransactionKind;
  idempotencyKey: string;
  legs: Leg[];
  reference?: { type: string; id: string };
  actorId?: string | null;
  memo?: string;
};
/** The `ledger_transactions` row of a movement, written alone or in a batch. */
function transactionRow(id: string, movement: Movement) {
  return {
    id,
    kind: movement.kind,
    idempotencyKey: movement.idempotencyKey,
    referenceType: movement.reference?.type ?? null,
    referenceId: movement.reference?.id ?? null,
    actorId: movement.actorId ?? null,
    memo: movement.memo ?? null,
  };
}

export type BalanceChange = { userId: string; account: MemberAccount; balance: bigint };
export type Posted = { transactionId: string; kind: Movement["kind"]; replayed: boolean; changes: BalanceChange[] };

/**
 * Platform accounts are spread over this many balance rows. A movement's platform legs use one
 * shard, picked from its idempotency key, so movements of different members rarely wait for the
 * same row lock, and a retry of the same movement picks the same rows.
 */
export const SYSTEM_SHARDS = 16;
export function shardOf(idempotencyKey: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < idempotencyKey.length; i++) hash = Math.imul(hash ^ idempotencyKey.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % SYSTEM_SHARDS;
}

const keyOf = (ref: AccountRef, shard = 0): AccountKey =>
  "system" in ref ? { userId: null, account: ref.system, shard } : { userId: ref.userId, account: ref.account };
const idOf = (k: AccountKey) => `${k.userId ?? "*"}:${k.account}`;

function validate(movement: Movement) {
  const { legs, idempotencyKey } = movement;
  if (!idempotencyKey || idempotencyKey.length > 200)
    throw new Error("ledger: an idempotency key (≤ 200 chars) is required");
  if (legs.length < 2) throw new Error("ledger: a movement needs at least two legs");
  let total = 0n;
  const seen = new Set<string>();
  for (const leg of legs) {
    if (typeof leg.amount !== "bigint" || leg.amount === 0n) throw new Error(`ledger: bad amount ${leg.amount}`);
    const id = idOf(keyOf(leg.account));
    if (seen.has(id)) throw new Error(`ledger: account ${id} appears twice`);
    seen.add(id);
    total += leg.amount;
  }
  if (total !== 0n) throw new Error(`ledger: legs sum to ${total}, not zero`);
}

export const insufficientFunds = (account: string) =>
  new AppError(409, "INSUFFICIENT_FUNDS", `Insufficient funds in ${account.replace("_", " ")}.`);

/**
 * The only code that changes balances. Runs inside the caller's transaction: locks the touched
 * balance rows in id order, refuses to take a member account below zero, writes the immutable
 * transaction and entries, and updates the balances. A repeated idempotency key returns the
 * first result without moving anything.
 *
 * Round trips are kept few (a hot account's row stays locked until commit): one to lock, one to
 * write. The idempotency key is checked by the write itself (`on conflict do nothing`), which
 * waits for a concurrent holder of the same key, so a key is applied once whatever the timing.
 */
export function postTransaction(tx: Tx, movement: Movement): Promise<Posted> {
  if (!tracingOn()) return postOne(tx, movement);
  return traced("ledger.post", { "helio.ledger.kind": movement.kind }, () => postOne(tx, movement));
}

async function postOne(tx: Tx, movement: Movement): Promise<Posted> {
  validate(movement);
  const replay = async () => {
    const existing = await findTransactionByKey(tx, movement.idempotencyKey);
    if (!existing) return null;
    if (existing.kind !== movement.kind) {
      throw new AppError(409, "IDEMPOTENCY_CONFLICT", "This idempotency key was used for a different movement.");
    }
    return { transactionId: existing.id, kind: movement.kind, replayed: true, changes: [] } satisfies Posted;
  };

  const shard = shardOf(movement.idempotencyKey);
  const legs = movement.legs.map((leg) => {
    const key = keyOf(leg.account, shard);
    return { userId: key.userId, account: key.account, shard: key.shard ?? 0, amount: leg.amount };
  });
  const transactionId = randomUUID();
  const write = () =>
    lockAndWriteMovement(tx, {
      transaction: transactionRow(transactionId, movement),
      legs,
    });
  let outcome = await write();
  if (outcome.status === "missing") {
    // The first movement on an account (or on a shard of a platform account) opens its row.
    await ensureBalanceRows(tx, legs);
    outcome = await write();
  }
  if (outcome.status === "written") {
    return {
      transactionId,
      kind: movement.kind,
      replayed: false,
      changes: outcome.legs
        .filter((l) => l.userId !== null)
        .map((l) => ({ userId: l.userId as string, account: l.account as MemberAccount, balance: l.balanceAfter })),
    };
  }
  // Nothing was written: a movement that already happened is answered as the first time.
  const previous = await replay();
  if (previous) return previous;
  if (outcome.status === "insufficient") throw insufficientFunds(outcome.account);
  throw new Error(`ledger: movement not written (${outcome.status})`);
}

/**
 * Posts many movements in a few statements whatever their number (lock, look up keys, write),
 * for batch jobs such as trade settlement. Each movement stays its own ledger transaction with
 * its own idempotency key, and the invariants are postTransaction's: every movement's legs sum to
 * zero; the touched balance rows are locked in id order (so batches and single movements never
 * deadlock); movements apply in list order and none may take a member account below zero at its
 * turn; a key already used answers as a replay (moving nothing) and a key used for another kind
 * of movement is an IDEMPOTENCY_CONFLICT.
 *
 * All or nothing: when one movement is refused (INSUFFICIENT_FUNDS, conflict, malformed) the
 * error is thrown and nothing of the batch is written. A key repeated within the list is refused.
 * Returns one result per movement, in list order.
 */
export function postTransactions(tx: Tx, movements: readonly Movement[]): Promise<Posted[]> {
  if (!tracingOn()) return postBatch(tx, movements);
  return traced("ledger.post_batch", { "helio.ledger.movements": movements.length }, () => postBatch(tx, movements));
}

async function postBatch(tx: Tx, movements: readonly Movement[]): Promise<Posted[]> {
  if (!movements.length) return [];
  const seenKeys = new Set<string>();
  for (const movement of movements) {
    validate(movement);
    if (seenKeys.has(movement.idempotencyKey))
      throw new Error(`ledger: idempotency key ${movement.idempotencyKey} appears twice in one batch`);
    seenKeys.add(movement.idempotencyKey);
  }
  const rowIdOf = (k: { userId: string | null; account: string; shard?: number }) =>
    `${k.userId ?? "*"}:${k.account}:${k.shard ?? 0}`;
  const planned = movements.map((movement) => {
    const shard = shardOf(movement.idempotencyKey);
    return movement.legs.map((leg) => {
      const key = keyOf(leg.account, shard);
      return { userId: key.userId, account: key.account, shard: key.shard ?? 0, amount: leg.amount };
    });
  });
  const keys = new Map<string, AccountKey>();
  for (const legs of planned) for (const leg of legs) keys.set(rowIdOf(leg), leg);

  let rows = await lockBalanceRows(tx, [...keys.values()]);
  if (rows.length < keys.size) {
    // The first movement on an account (or on a shard of a platform account) opens its row.
    const have = new Set(rows.map(rowIdOf));
    await ensureBalanceRows(
      tx,
      [...keys].filter(([id]) => !have.has(id)).map(([, k]) => k),
    );
    rows = await lockBalanceRows(tx, [...keys.values()]);
    if (rows.length < keys.size) throw new Error("ledger: balance rows missing after opening them");
  }
  // Locked until commit: these balances are the ones the batch applies to.
  const rowOf = new Map(rows.map((r) => [rowIdOf(r), r]));
  const running = new Map(rows.map((r) => [r.id, r.balance]));
  const existing = new Map(
    (await findTransactionsByKeys(tx, [...seenKeys])).map((r) => [r.idempotencyKey, r] as const),
  );

  const results: Posted[] = [];
  const transactions: BatchTransaction[] = [];
  const entries: BatchEntry[] = [];
  movements.forEach((movement, ord) => {
    const previous = existing.get(movement.idempotencyKey);
    if (previous) {
      if (previous.kind !== movement.kind)
        throw new AppError(409, "IDEMPOTENCY_CONFLICT", "This idempotency key was used for a different movement.");
      results.push({ transactionId: previous.id, kind: movement.kind, replayed: true, changes: [] });
      return;
    }
    const id = randomUUID();
    const changes: BalanceChange[] = [];
    (planned[ord] ?? []).forEach((leg, i) => {
      const row = rowOf.get(rowIdOf(leg));
      if (!row) throw new Error(`ledger: no balance row for ${rowIdOf(leg)}`);
      const after = (running.get(row.id) ?? 0n) + leg.amount;
      if (leg.userId !== null && after < 0n) throw insufficientFunds(leg.account);
      running.set(row.id, after);
      entries.push({ ord, leg: i, balanceId: row.id, amount: leg.amount, balanceAfter: after });
      if (leg.userId !== null)
        changes.push({ userId: leg.userId, account: leg.account as MemberAccount, balance: after });
    });
    transactions.push({ ord, ...transactionRow(id, movement) });
    results.push({ transactionId: id, kind: movement.kind, replayed: false, changes });
  });
  const written = await writeMovementBatch(tx, transactions, entries);
  if (written !== transactions.length) {
    // A key of the batch was taken by a concurrent movement after the look-up (only possible when
    // the same key is used for a movement on other accounts). Retryable: the transaction must roll
    // back, and the retry sees the key.
    throw Object.assign(new Error("ledger: an idempotency key of the batch was taken concurrently"), {
      code: "40001",
    });
  }
  return results;
}

const RETRYABLE = new Set(["40001", "40P01"]);

/** Runs a money transaction, retrying the rare serialization failure or deadlock PostgreSQL reports. */
export function moneyTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>, attempts = 3): Promise<T> {
  return traced("money.transaction", {}, () => retriedTransaction(db, fn, attempts));
}

async function retriedTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>, attempts: number): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(fn);
    } catch (error) {
      const code =
        (error as { code?: string; cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
      if (attempt >= attempts || !code || !RETRYABLE.has(code)) throw error;
    }
  }
}

/**
 * Locks the rows the movement with this idempotency key will touch (the same rows, in the same
 * order postTransaction does, so the two never deadlock) and returns their balances: for a
 * movement whose amount depends on a balance, e.g. a demo reset. Platform accounts' balances are
 * one shard's, not the account's total.
 */
export async function lockAccounts(tx: Tx, refs: AccountRef[], idempotencyKey: string): Promise<bigint[]> {
  const shard = shardOf(idempotencyKey);
  const keys = refs.map((ref) => keyOf(ref, shard));
  let rows = await lockBalances(tx, keys);
  if (rows.length < keys.length) {
    await ensureBalanceRows(tx, keys);
    rows = await lockBalances(tx, keys);
  }
  const byKey = new Map(rows.map((r) => [idOf({ userId: r.userId, account: r.account }), r.balance]));
  return keys.map((k) => byKey.get(idOf(k)) ?? 0n);
}
