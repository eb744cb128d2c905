import { randomUUID } from "node:crypto";
import { NOTIFICATION_EMAIL, type NotificationKind } from "@helio/shared";
import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { queryRows } from "../../db/rows.ts";
import { i18nFor } from "../../platform/i18n/index.ts";
import type { MailMessage } from "../../platform/mail/mailer.ts";
import { linkMail } from "../../platform/mail/templates.ts";
import { webPaths } from "./messages.ts";

/**
 * How a claimed mail is kept from other workers while it is being sent: its next attempt moves
 * this far ahead. A send that takes longer (nodemailer's own timeouts are shorter) could be taken
 * over and sent a second time; the stable Message-ID then lets the receiver tell.
 */
export const MAIL_LEASE_MS = 15 * 60_000;
/** Attempts before a mail is given up (`failed`). */
export const MAIL_MAX_ATTEMPTS = 8;
/** The wait after failed attempt `n` (1-based): 1, 2, 4 … minutes, at most 6 hours. */
export const mailRetryDelayMs = (attempts: number) => Math.min(6 * 3_600_000, 60_000 * 2 ** Math.max(0, attempts - 1));

export type ClaimedMail = {
  notificationId: string;
  claimToken: string;
  attempts: number;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string | null;
  to: string;
  /** The account's language (null: never chosen, English): the mail's own words follow it. */
  locale: string | null;
  /** The member's choice for this kind; null: never chosen (on). */
  emailPref: boolean | null;
};

type ClaimRow = {
  notification_id: string;
  attempts: number;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  email: string;
  locale: string | null;
  pref: boolean | null;
};

/**
 * Claims up to `limit` pending mails in one statement: due ones (`next_attempt_at` ≤ now), or,
 * with `ids`, those of just-committed notifications not yet tried. Rows another worker has locked
 * are skipped, and a claimed row's next attempt moves a lease ahead (with a fresh claim token)
 * before the lock is released, so a row is claimed by one worker at a time, on any number of
 * processes. Each comes with what its mail needs: the notification, the address, the preference.
 */
export async function claimMails(
  db: Executor,
  opts: { now: Date; limit: number; ids?: readonly string[] },
): Promise<ClaimedMail[]> {
  const token = randomUUID();
  const which = opts.ids
    ? sql`e.notification_id in (select jsonb_array_elements_text(${JSON.stringify(opts.ids)}::jsonb)) and e.attempts = 0`
    : sql`e.next_attempt_at <= ${opts.now.toISOString()}::timestamptz`;
  const rows = await queryRows<ClaimRow>(
    db,
    sql`
    with due as (
      select e.notification_id from notification_emails e
      where e.status = 'pending' and ${which}
      order by e.next_attempt_at
      limit ${opts.limit}
      for update skip locked
    ), claimed as (
      update notification_emails e
      set attempts = e.attempts + 1, claim_token = ${token},
          next_attempt_at = ${new Date(opts.now.getTime() + MAIL_LEASE_MS).toISOString()}::timestamptz,
          updated_at = now()
      from due where e.notification_id = due.notification_id
      returning e.notification_id, e.attempts
    )
    select c.notification_id, c.attempts, n.kind, n.title, n.body, n.link, u.email, u.locale, p.email as pref
    from claimed c
    join notifications n on n.id = c.notification_id
    join "user" u on u.id = n.user_id
    left join notification_preferences p on p.user_id = n.user_id and p.kind = n.kind`,
  );
  return rows.map((r) => ({
    notificationId: r.notification_id,
    claimToken: token,
    attempts: Number(r.attempts),
    kind: r.kind as NotificationKind,
    title: r.title,
    body: r.body,
    link: r.link,
    to: r.email,
    locale: r.locale,
    emailPref: r.pref,
  }));
}

type Outcome =
  | { status: "sent" | "skipped" }
  | { status: "retry"; error: string }
  | { status: "failed"; error: string };

/**
 * Records what became of a claimed mail, if the claim is still this worker's (a claim whose lease
 * ran out and was taken over is the other worker's to record). Whether it was recorded.
 */
export async function recordOutcome(db: Executor, mail: ClaimedMail, outcome: Outcome, now: Date) {
  let set: SQL;
  switch (outcome.status) {
    case "sent":
      set = sql`status = 'sent', sent_at = ${now.toISOString()}::timestamptz, last_error = null`;
      break;
    case "skipped":
      set = sql`status = 'skipped'`;
      break;
    case "failed":
      set = sql`status = 'failed', last_error = ${outcome.error}`;
      break;
    case "retry": {
      const next = new Date(now.getTime() + mailRetryDelayMs(mail.attempts));
      set = sql`next_attempt_at = ${next.toISOString()}::timestamptz, last_error = ${outcome.error}`;
      break;
    }
  }
  const rows = await queryRows<{ notification_id: string }>(
    db,
    sql`
    update notification_emails set ${set}, claim_token = null, updated_at = now()
    where notification_id = ${mail.notificationId} and claim_token = ${mail.claimToken} and status = 'pending'
    returning notification_id`,
  );
  return rows.length === 1;
}

/** Whether the member wants this mail now: "always" kinds yes, optional ones unless turned off. */
export const wantsMail = (mail: ClaimedMail) =>
  NOTIFICATION_EMAIL[mail.kind] === "always" ||
  (NOTIFICATION_EMAIL[mail.kind] === "optional" && mail.emailPref !== false);

/**
 * The mail of a notification, in the member's language: its title as the subject, its body (which addresses the member by
 * name, amounts in their currency), a full link, and a Message-ID made from the notification's id,
 * the same on every attempt.
 */
export function notificationMail(mail: ClaimedMail, publicUrl: string): MailMessage {
  const base = publicUrl.replace(/\/+$/, "");
  const url = `${base}${mail.link ?? webPaths.notifications}`;
  const security = NOTIFICATION_EMAIL[mail.kind] === "always";
  const freeze = mail.kind === "bank.changed";
  const i18n = i18nFor(mail.locale);
  const message = linkMail(mail.to, {
    subject: mail.title,
    title: mail.title,
    intro: mail.body,
    action: freeze
      ? i18n._({ id: "mail.notification.freeze_action", message: "It was not me: freeze my account" })
      : i18n._({ id: "mail.notification.open_action", message: "Open in Helio" }),
    linkLabel: freeze
      ? i18n._({ id: "mail.notification.freeze_link", message: "If it was not you, freeze your account" })
      : i18n._({ id: "mail.notification.open_link", message: "Open it in Helio" }),
    url,
    outro: security
      ? i18n._({
          id: "mail.notification.security_outro",
          message:
            "This security e-mail is always sent. If it was not you, change your password at {url} and contact support.",
          values: { url: `${base}${webPaths.changePassword}` },
        })
      : i18n._({
          id: "mail.notification.optional_outro",
          message: "You can turn these e-mails off on your profile: {url}.",
          values: { url: `${base}${webPaths.profile}` },
        }),
  });
  return { ...message, messageId: `<notification.${mail.notificationId}@${new URL(base).hostname}>` };
}
