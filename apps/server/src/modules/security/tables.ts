import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "../../platform/auth/tables.ts";

export const signInEvents = pgTable(
  "sign_in_event",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    impersonatedBy: text("impersonated_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sign_in_event_user_idx").on(t.userId, t.createdAt)],
);

/**
 * Failed password sign-ins per account, whichever address they come from: after a few, each
 * next attempt waits longer (see platform/auth/sign-in-backoff.ts). `account_key` is `user:<id>`,
 * or `name:<identifier>` for names that match no account (they are delayed alike, so a 429 says
 * nothing about whether an account exists).
 */
export const signInBackoff = pgTable("sign_in_backoff", {
  accountKey: text("account_key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  lastFailureAt: timestamp("last_failure_at", { withTimezone: true }).notNull(),
  nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
});
