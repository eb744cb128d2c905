import { pgTable, text } from "drizzle-orm/pg-core";
import { referencesUser } from "../../platform/auth/tables.ts";
import { createdAt, timestamptz } from "../../platform/db/columns.ts";

/** Single-use "sign in as member" tokens; only the hash is stored. */
export const impersonationTokens = pgTable("impersonation_token", {
  tokenHash: text("token_hash").primaryKey(),
  adminId: referencesUser("admin_id", "cascade"),
  targetUserId: referencesUser("target_user_id", "cascade"),
  expiresAt: timestamptz("expires_at").notNull(),
  usedAt: timestamptz("used_at"),
  createdAt: createdAt(),
});
