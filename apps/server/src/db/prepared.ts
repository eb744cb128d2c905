import { createHash } from "node:crypto";
import type { SQL } from "drizzle-orm";
import type { Executor } from "./client.ts";

/** Statement names by text: hashing the text once, not on every run of a hot statement. */
const names = new Map<string, string>();
const MAX_NAMES = 1_000;
function nameOf(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `q_${createHash("sha1").update(text).digest("hex").slice(0, 16)}`;
    if (names.size >= MAX_NAMES) names.clear();
    names.set(text, name);
  }
  return name;
}

/**
 * Runs a statement as a named prepared statement (parsed and planned once per connection, then
 * reused) when the driver is node-postgres; other drivers (PGlite) run it as usual. For hot
 * statements whose text has few shapes (the name is a hash of the text): a ledger movement, a
 * chat message, the balance read.
 */
export async function executeNamed(tx: Executor, statement: SQL): Promise<unknown> {
  const internal = internalsOf(tx);
  if (!isNodePg(internal)) return tx.execute(statement);
  const query = internal.dialect.sqlToQuery(statement);
  return internal.session.prepareQuery(query, undefined, nameOf(query.sql), false).execute();
}

/**
 * The hottest statements, rendered once: `statement`'s `sql.placeholder(name)`s stay parameters,
 * and each run only fills them in (a named prepared statement on node-postgres, as
 * `executeNamed`). Rendering drizzle's SQL on every run was about 2 % of the balance-read
 * server's time. Rendered on first use (both drivers render PostgreSQL's dialect alike); the
 * driver's query object is made per executor, so each transaction makes its own, cheaply.
 */
export function namedStatement<V extends Record<string, unknown>>(
  statement: SQL,
): (db: Executor, values: V) => Promise<unknown> {
  const prepared = new WeakMap<Executor, { execute(values: V): Promise<unknown> }>();
  let rendered: { sql: string; params: unknown[] } | undefined;
  return (db, values) => {
    let query = prepared.get(db);
    if (!query) {
      const internal = internalsOf(db);
      rendered ??= internal.dialect.sqlToQuery(statement);
      const name = isNodePg(internal) ? nameOf(rendered.sql) : undefined;
      query = internal.session.prepareQuery(rendered, undefined, name, false);
      prepared.set(db, query);
    }
    return query.execute(values);
  };
}

type Internals = {
  dialect: { sqlToQuery(s: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery: (
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string | undefined,
      arrayMode: boolean,
    ) => { execute(values?: Record<string, unknown>): Promise<unknown> };
    constructor: { name: string };
  };
};
/** drizzle's own renderer and session (not in its public types, stable across its drivers). */
const internalsOf = (executor: Executor) => executor as unknown as Internals;
const isNodePg = (internal: Internals) =>
  internal.session?.constructor?.name === "NodePgSession" && typeof internal.session.prepareQuery === "function";
