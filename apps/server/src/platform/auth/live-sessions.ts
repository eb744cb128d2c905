import { and, gt, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { session } from "./tables.ts";

/**
 * The filter behind each batched session read: unexpired sessions whose `key` column (token or
 * id) is in the JSON array bound to the `keys` placeholder at each run of the prepared query.
 */
export const liveSessionsByKey = (key: PgColumn) =>
  and(
    sql`${key} in (select jsonb_array_elements_text(${sql.placeholder("keys")}::jsonb))`,
    gt(session.expiresAt, sql`now()`),
  );
