import { index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { user } from "../auth/tables.ts";
import { createdAt } from "../db/columns.ts";

/** Append-only record of every admin action: who, what, whom, when, before/after. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    targetUserId: text("target_user_id").references(() => user.id, { onDelete: "set null" }),
    before: jsonb("before"),
    after: jsonb("after"),
    ip: text("ip"),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_created_at_idx").on(t.createdAt), index("audit_log_target_idx").on(t.targetUserId)],
);
