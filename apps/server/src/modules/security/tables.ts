import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
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
