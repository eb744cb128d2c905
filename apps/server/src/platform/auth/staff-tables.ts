import { pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, timestamptz, updatedAt } from "../db/columns.ts";
import { referencesUser, user } from "./tables.ts";

/**
 * The back office's people: one row per staff account (`user.role = 'admin'`), with the roles it
 * holds (`STAFF_ROLES` of packages/shared) and whether an owner disabled it.
 */
export const staff = pgTable("staff", {
  userId: referencesUser("user_id", "cascade").primaryKey(),
  roles: text("roles").array().notNull(),
  disabledAt: timestamptz("disabled_at"),
  invitedBy: text("invited_by").references(() => user.id, { onDelete: "set null" }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
