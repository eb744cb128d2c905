import { text, timestamp } from "drizzle-orm/pg-core";

/**
 * Columns many tables declare alike. Each is a function: a drizzle column builder belongs to the one
 * table it is placed in.
 */

/** An instant: every time column keeps its zone (`timestamptz`). */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** When the row was written (`created_at`, set by the database). */
export const createdAt = () => timestamptz("created_at").notNull().defaultNow();

/** When the row last changed (`updated_at`; the update queries set it). */
export const updatedAt = () => timestamptz("updated_at").notNull().defaultNow();

/** An admin's decision on a member's request (deposit, withdrawal, KYC): why, who, when. */
export const reviewColumns = () => ({
  reason: text("reason"),
  reviewedBy: text("reviewed_by"),
  reviewedAt: timestamptz("reviewed_at"),
});
