import { and, eq } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.ts";

/** A table that keeps each member's Idempotency-Key next to what the request created. */
type KeyedTable = PgTable & { userId: AnyPgColumn; requestKey: AnyPgColumn };

/** The row `userId` created with the Idempotency-Key `requestKey`, or null (see idempotency.ts). */
export async function findByRequestKey<T extends KeyedTable>(
  db: Executor,
  table: T,
  userId: string,
  requestKey: string,
): Promise<T["$inferSelect"] | null> {
  const [row] = await db
    .select()
    .from(table as PgTable) // drizzle cannot type a generic table's rows; the signature names them
    .where(and(eq(table.userId, userId), eq(table.requestKey, requestKey)));
  return (row as T["$inferSelect"] | undefined) ?? null;
}
