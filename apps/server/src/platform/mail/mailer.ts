import { randomUUID } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Db } from "../../db/client.ts";
import { mailOutbox } from "./tables.ts";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * A stable Message-ID (`<…@host>`) for mail that may be retried: a receiving server or client
   * that sees a second copy with the same id can tell it is the same message.
   */
  messageId?: string;
};

export interface Mailer {
  readonly kind: "smtp" | "outbox";
  send(message: MailMessage): Promise<void>;
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: "smtp",
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

/** Development and test mail: kept in the database and readable at /api/dev/outbox. */
export function createOutboxMailer(db: Db): Mailer {
  return {
    kind: "outbox",
    async send(message) {
      await db
        .insert(mailOutbox)
        .values({ id: randomUUID(), ...message, html: message.html ?? null, messageId: message.messageId ?? null });
    },
  };
}

export async function listOutbox(db: Db, to?: string, limit = 50) {
  return db
    .select()
    .from(mailOutbox)
    .where(to ? eq(mailOutbox.to, to.toLowerCase()) : undefined)
    .orderBy(desc(mailOutbox.createdAt))
    .limit(limit);
}
