import { pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "../../platform/auth/tables.ts";

/** Single-use "sign in as member" tokens; only the hash is stored. */
export const impersonationTokens = pgTable("impersonation_token", {
  tokenHash: text("token_hash").primaryKey(),
  adminId: text("admin_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" }),
  targetUserId: text("target_user_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" }),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
