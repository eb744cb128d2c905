import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { referencesUser, session } from "../../platform/auth/tables.ts";
import { createdAt, timestamptz, updatedAt } from "../../platform/db/columns.ts";

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
    value: bigint("value", { mode: "bigint" }),
    pendingValue: bigint("pending_value", { mode: "bigint" }),
    pendingAt: timestamptz("pending_at"),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/**
 * A timeout or self-exclusion the member took: no Real trades, deposits or package purchases from
 * `startedAt` to `endsAt`. Only an admin ends one early (`liftedAt`, `liftedBy`, `liftReason`).
 */
export const memberBreaks = pgTable(
  "member_breaks",
  {
    id: uuid("id").primaryKey(),
    userId: referencesUser("user_id", "restrict"),
    kind: text("kind").notNull(),
    startedAt: timestamptz("started_at").notNull(),
    endsAt: timestamptz("ends_at").notNull(),
    liftedAt: timestamptz("lifted_at"),
    liftedBy: text("lifted_by"),
    liftReason: text("lift_reason"),
    createdAt: createdAt(),
  },
  (t) => [
    index("member_breaks_user_idx").on(t.userId, t.endsAt),
    check("member_breaks_kind_known", sql`${t.kind} in ('timeout', 'exclusion')`),
    check("member_breaks_ends_after_start", sql`${t.endsAt} > ${t.startedAt}`),
  ],
);

/** How often the member's reality check comes while they trade Real money (no row: the default). */
export const realityCheckIntervals = pgTable(
  "reality_check_intervals",
  {
    userId: referencesUser("user_id", "cascade").primaryKey(),
    intervalSeconds: integer("interval_seconds").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check("reality_check_intervals_positive", sql`${t.intervalSeconds} > 0`)],
);

/**
 * When the member last acknowledged the reality check of one session (no row: not yet, so the
 * next is due one interval after sign-in). Every tab of the session reads the same row.
 */
export const realityCheckAcks = pgTable("reality_check_acks", {
  sessionId: text("session_id")
    .primaryKey()
    .references(() => session.id, { onDelete: "cascade" }),
  userId: referencesUser("user_id", "cascade"),
  acknowledgedAt: timestamptz("acknowledged_at").notNull(),
});
