import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { referencesUser, user } from "../../platform/auth/tables.ts";
import { createdAt, timestamptz, updatedAt } from "../../platform/db/columns.ts";

/**
 * What a member hears about, one row per event: `event_key` names the event (e.g.
 * `deposit.approved:<id>`), unique per member, so recording it again (a replayed approval, a
 * retried batch) adds nothing. Title, body and link are written when the event happens.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: text("id").primaryKey(),
    userId: referencesUser("user_id", "cascade"),
    kind: text("kind").notNull(),
    eventKey: text("event_key").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    /** A web app path (e.g. `/invoice-balance/<id>`), or null. */
    link: text("link"),
    createdAt: createdAt(),
    /**
     * The order of writing: newest first is `created_at`, then this (a batch written in one
     * transaction shares its `created_at`).
     */
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity(),
    readAt: timestamptz("read_at"),
  },
  (t) => [
    uniqueIndex("notifications_user_event_unique").on(t.userId, t.eventKey),
    index("notifications_user_created_idx").on(t.userId, t.createdAt.desc(), t.seq.desc()),
    index("notifications_user_unread_idx").on(t.userId, t.createdAt.desc(), t.seq.desc()).where(sql`read_at is null`),
    // The retention worker's walk: read notifications, oldest first.
    index("notifications_read_created_idx").on(t.createdAt).where(sql`read_at is not null`),
  ],
);

/**
 * The e-mail of a mailed notification (`NOTIFICATION_EMAIL` "optional" or "always"), written in
 * the same transaction. `pending` until a worker claims it: the claim sets `claim_token` and moves
 * `next_attempt_at` a lease ahead, so no other worker takes it while it is being sent; then `sent`,
 * `skipped` (the member turned that kind off), or back to pending with a back-off after a failed
 * send, and `failed` after the last attempt.
 */
export const notificationEmails = pgTable(
  "notification_emails",
  {
    notificationId: text("notification_id")
      .primaryKey()
      .references(() => notifications.id, { onDelete: "cascade" }),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamptz("next_attempt_at").notNull(),
    claimToken: text("claim_token"),
    lastError: text("last_error"),
    sentAt: timestamptz("sent_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("notification_emails_due_idx").on(t.nextAttemptAt).where(sql`status = 'pending'`),
    check("notification_emails_status_known", sql`${t.status} in ('pending', 'sent', 'skipped', 'failed')`),
    check("notification_emails_attempts", sql`${t.attempts} >= 0`),
  ],
);

/** A member's e-mail choice for one optional kind; no row: on. */
export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    userId: referencesUser("user_id", "cascade"),
    kind: text("kind").notNull(),
    email: boolean("email").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind], name: "notification_preferences_pk" })],
);

/**
 * Each member's number of unread notifications, changed in the statements that record them and
 * mark them read (so the live messages carry it without counting). A transaction that records a
 * notification locks its member's row here after any balance row it locks (platform order:
 * business rows, then balances, then these), so the two never wait on each other in a circle.
 */
export const notificationUnread = pgTable("notification_unread", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  unread: integer("unread").notNull(),
});
