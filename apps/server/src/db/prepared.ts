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
  const internal = tx as unknown as {
    dialect: { sqlToQuery(s: SQL): { sql: string; params: unknown[] } };
    session: {
      prepareQuery?: (
        query: { sql: string; params: unknown[] },
        fields: undefined,
        name: string,
        arrayMode: boolean,
      ) => { execute(): Promise<unknown> };
      constructor: { name: string };
    };
  };
  if (internal.session?.constructor?.name !== "NodePgSession" || !internal.session.prepareQuery) {
    return tx.execute(statement);
  }
  const query = internal.dialect.sqlToQuery(statement);
  return internal.session.prepareQuery(query, undefined, nameOf(query.sql), false).execute();
}
