import { i18nFor } from "../i18n/index.ts";
import type { MailMessage } from "./mailer.ts";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

export type LinkMail = {
  subject: string;
  /** The heading of the HTML version. */
  title: string;
  intro: string;
  /** The button's words (HTML) and the words before the bare link (text). */
  action: string;
  linkLabel: string;
  url: string;
  outro: string;
};

/** A mail that asks for one click, as text and as HTML with the same words (features reuse it). */
export function linkMail(to: string, m: LinkMail): MailMessage {
  return {
    to,
    subject: m.subject,
    text: `${m.intro}\n\n${m.linkLabel}: ${m.url}\n\n${m.outro}`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#2E0101">
<h1 style="color:#f15a29;font-size:20px">${escapeHtml(m.title)}</h1><p>${escapeHtml(m.intro)}</p>
<p><a href="${escapeHtml(m.url)}" style="background:#f15a29;color:#2E0101;padding:10px 16px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(m.action)}</a></p>
<p style="color:#535353;font-size:13px">${escapeHtml(m.outro)}</p></body></html>`,
  };
}

/** The mail that confirms a new member's address, in the language they registered in. */
export function verificationMail(to: string, name: string, url: string, locale: unknown): MailMessage {
  const i18n = i18nFor(locale);
  return linkMail(to, {
    subject: i18n._({ id: "mail.verify.subject", message: "Verify your email for Helio" }),
    title: i18n._({ id: "mail.verify.title", message: "Verify your email" }),
    intro: i18n._({
      id: "mail.verify.intro",
      message: "Hello {name}, confirm your email address to start using Helio.",
      values: { name },
    }),
    action: i18n._({ id: "mail.verify.action", message: "Verify email" }),
    linkLabel: i18n._({ id: "mail.link_label", message: "Open this link" }),
    url,
    outro: i18n._({ id: "mail.verify.outro", message: "If you did not create a Helio account, ignore this message." }),
  });
}

/** The password reset mail, in the account's language. */
export function resetPasswordMail(to: string, name: string, url: string, locale: unknown): MailMessage {
  const i18n = i18nFor(locale);
  return linkMail(to, {
    subject: i18n._({ id: "mail.reset.subject", message: "Reset your Helio password" }),
    title: i18n._({ id: "mail.reset.title", message: "Reset your password" }),
    intro: i18n._({
      id: "mail.reset.intro",
      message:
        "Hello {name}, someone asked to reset the password of your Helio account. The link works once and expires in one hour.",
      values: { name },
    }),
    action: i18n._({ id: "mail.reset.action", message: "Choose a new password" }),
    linkLabel: i18n._({ id: "mail.link_label", message: "Open this link" }),
    url,
    outro: i18n._({
      id: "mail.reset.outro",
      message: "If it was not you, ignore this message: your password stays as it is.",
    }),
  });
}

/**
 * Sent instead of a verification mail when someone registers with an address that has an account;
 * in the existing account's language (not the registrant's: it goes to the owner).
 */
export function existingAccountMail(to: string, name: string, publicUrl: string, locale: unknown): MailMessage {
  const i18n = i18nFor(locale);
  return linkMail(to, {
    subject: i18n._({ id: "mail.existing_account.subject", message: "Someone tried to register with your email" }),
    title: i18n._({ id: "mail.existing_account.title", message: "You already have a Helio account" }),
    intro: i18n._({
      id: "mail.existing_account.intro",
      message:
        "Hello {name}, someone tried to create a Helio account with your email address. You already have one, so nothing was created.",
      values: { name },
    }),
    action: i18n._({ id: "mail.existing_account.action", message: "Sign in" }),
    linkLabel: i18n._({ id: "mail.existing_account.action", message: "Sign in" }),
    url: `${publicUrl}/login`,
    outro: i18n._({
      id: "mail.existing_account.outro",
      message:
        "If it was you, sign in (forgot your password? reset it at {url}). If not, ignore this message: your account is unchanged.",
      values: { url: `${publicUrl}/forgot-password` },
    }),
  });
}
