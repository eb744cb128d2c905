import { sql } from "drizzle-orm";
import { check, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { updatedAt } from "../../platform/db/columns.ts";

/** The one shared settings record; its shape is `settingsSchema` in packages/shared. */
export const settings = pgTable(
  "settings",
  {
    id: integer("id").primaryKey().default(1),
    data: jsonb("data").notNull(),
    updatedAt: updatedAt(),
    updatedBy: text("updated_by"),
    /** Goes up by one on every save; a save from an older revision is refused (no lost updates). */
    revision: integer("revision").notNull().default(1),
  },
  (t) => [check("settings_single_row", sql`${t.id} = 1`)],
);
