import type { SQL } from "drizzle-orm";
import type { Executor } from "./client.ts";
import { executeNamed } from "./prepared.ts";

// Raw statements (`db.execute`) answer `{ rows }` on both drivers, typed `unknown` by drizzle: the
// caller names the row type its select list produces, here and nowhere else.

/** The rows of a raw SQL statement, on PGlite and PostgreSQL alike. */
export async function queryRows<Row>(db: Executor, statement: SQL): Promise<Row[]> {
  return ((await db.execute(statement)) as unknown as { rows: Row[] }).rows;
}

/** The rows of a hot statement run as a named prepared statement (`executeNamed`). */
export async function namedRows<Row>(db: Executor, statement: SQL): Promise<Row[]> {
  return ((await executeNamed(db, statement)) as { rows: Row[] }).rows;
}
