import { type SQL, sql } from "drizzle-orm";
import { NodePgSession, NodePgTransaction } from "drizzle-orm/node-postgres";
import type { PgTransactionConfig } from "drizzle-orm/pg-core";
import type pg from "pg";
import type { Db, Tx } from "./client.ts";

/** The fields of drizzle's session that a transaction of our own needs (not in its public types). */
type SessionParts = {
  transaction<T>(fn: (tx: Tx) => Promise<T>, config?: PgTransactionConfig): Promise<T>;
  dialect: ConstructorParameters<typeof NodePgSession>[1];
  schema: ConstructorParameters<typeof NodePgSession>[2];
  options: ConstructorParameters<typeof NodePgSession>[3];
};
type TransactionParts = { getTransactionConfigSQL(config: PgTransactionConfig): SQL };

/**
 * Makes `db.transaction` send BEGIN together with the transaction's first statement, on a pool
 * whose clients pipeline (`pipeline: true`): drizzle's own awaits BEGIN's answer first, a round
 * trip of the three a ledger movement takes (BEGIN, its statement, COMMIT). Everything else is
 * drizzle's: its transaction object, savepoints for nested transactions, the rollback on a throw.
 *
 * Safe to pipeline: a BEGIN that is not answered with an error opens the transaction before the
 * statements behind it run, and the only way it fails on a pooled connection (the connection
 * broke) fails those statements too; its answer is still awaited before COMMIT.
 */
export function pipelineBegin(db: Db, pool: pg.Pool): void {
  const base = (db as unknown as { session: SessionParts }).session;
  // One transaction object per pooled connection, made on its first transaction and used by every
  // later one: drizzle's holds no state of its own between transactions, and making it (a
  // relational query builder per table) was about 4 % of the ledger client's CPU.
  const transactions = new WeakMap<pg.PoolClient, Tx>();
  base.transaction = async <T>(fn: (tx: Tx) => Promise<T>, config?: PgTransactionConfig): Promise<T> => {
    const client = await pool.connect();
    let tx = transactions.get(client);
    if (!tx) {
      const session = new NodePgSession(client, base.dialect, base.schema, base.options);
      tx = new NodePgTransaction(base.dialect, session, base.schema) as unknown as Tx;
      transactions.set(client, tx);
    }
    const begin = config
      ? base.dialect.sqlToQuery(sql`begin ${(tx as unknown as TransactionParts).getTransactionConfigSQL(config)}`).sql
      : "begin";
    const begun = client.query(begin);
    // Awaited below on every path; this only keeps an early failure from being reported unhandled.
    begun.catch(() => {});
    let broken: Error | undefined;
    try {
      const result = await fn(tx);
      await begun;
      await client.query("commit");
      return result;
    } catch (error) {
      await client.query("rollback").catch((rollbackError: Error) => {
        // The connection's state is unknown: the pool closes it instead of lending it again.
        broken = rollbackError;
      });
      throw error;
    } finally {
      client.release(broken);
    }
  };
}
