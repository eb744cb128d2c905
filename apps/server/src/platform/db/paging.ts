import { count, type SQL } from "drizzle-orm";
import type { PgSelect, PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.ts";

/** A slice of a list: `limit` rows after skipping `offset`. */
export type Slice = { limit: number; offset: number };

/** The slice that page `page` (from 1) of `pageSize` rows is. */
export const sliceOf = (paging: { page: number; pageSize: number }): Slice => ({
  limit: paging.pageSize,
  offset: (paging.page - 1) * paging.pageSize,
});

/**
 * One slice of a list and the size of the whole list, read at the same time: `query` (made
 * `$dynamic()`) lists the rows, `total` names the table and filter it counts.
 */
export async function sliceWithTotal<Q extends PgSelect>(
  db: Executor,
  query: Q,
  total: { from: PgTable; where: SQL | undefined },
  slice: Slice,
) {
  const [rows, [counted]] = await Promise.all([
    query.limit(slice.limit).offset(slice.offset),
    db.select({ n: count() }).from(total.from).where(total.where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}
