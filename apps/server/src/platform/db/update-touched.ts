import type { SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.ts";

/**
 * Writes `values` to the row `where` selects, with `updated_at` set to now (the column's default
 * covers only inserts); returns the row as it is now, or null when there is none.
 */
export async function updateTouched<T extends PgTable & { updatedAt: AnyPgColumn }>(
  db: Executor,
  table: T,
  where: SQL,
  values: Partial<T["$inferInsert"]>,
): Promise<T["$inferSelect"] | null> {
  // drizzle cannot type a generic table's columns; the signature names them.
  const [row] = await db
    .update(table as PgTable)
    .set({ ...values, updatedAt: new Date() })
    .where(where)
    .returning();
  return (row as T["$inferSelect"] | undefined) ?? null;
}
