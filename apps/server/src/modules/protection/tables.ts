import { bigint, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { referencesUser } from "../../platform/auth/tables.ts";
import { timestamptz, updatedAt } from "../../platform/db/columns.ts";

/**
 * A limit a member set on themselves (`key` one of MEMBER_LIMIT_KEYS): the value in force (null:
 * none) and a raise or removal waiting for its cooling-off (`pendingAt` set; `pendingValue` null
 * for a removal). Placing a contract or asking to deposit locks the member's rows, so that
 * concurrent requests are checked one after the other.
 */
export const memberLimits = pgTable(
  "member_limits",
  {
    userId: referencesUser("user_id", "cascade"),
    key: text("key").notNull(),
    value: bigint("value", { mode: "number" }),
    pendingValue: bigint("pending_value", { mode: "number" }),
    pendingAt: timestamptz("pending_at"),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);
