import { index, pgTable, text } from "drizzle-orm/pg-core";
import { referencesUser } from "../../platform/auth/tables.ts";
import { createdAt, timestamptz } from "../../platform/db/columns.ts";

/**
 * A member who froze their account from a security mail ("it was not me"): no money leaves it
 * until support lifts the freeze (the row is deleted then). One row per frozen member.
 */
export const accountFreezes = pgTable("account_freezes", {
  userId: referencesUser("user_id", "cascade").primaryKey(),
  /** What the member answered: the mail of a bank change. */
  cause: text("cause").notNull(),
  createdAt: createdAt(),
});

/**
 * The "it was not me" links of security mails: they freeze the account without signing in (a
 * stolen password may have been changed by then). Only the hash is stored; a link works until it
 * expires, and freezing twice changes nothing.
 */
export const freezeLinks = pgTable(
  "freeze_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: referencesUser("user_id", "cascade"),
    cause: text("cause").notNull(),
    expiresAt: timestamptz("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("freeze_links_user_idx").on(t.userId)],
);
