import { index, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns.ts";

/** Mail written here instead of SMTP when no SMTP_URL is configured (development, tests). */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: text("id").primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    /** The Message-ID the mail was given, when its sender set one (notification mail). */
    messageId: text("message_id"),
    createdAt: createdAt(),
  },
  (t) => [index("mail_outbox_to_idx").on(t.to, t.createdAt)],
);
