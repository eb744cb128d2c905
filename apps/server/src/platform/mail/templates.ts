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

export function verificationMail(to: string, name: string, url: string): MailMessage {
  return linkMail(to, {
    subject: "Verify your email for Helio",
    title: "Verify your email",
    intro: `Hello ${name}, confirm your email address to start using Helio.`,
    action: "Verify email",
    linkLabel: "Open this link",
    url,
    outro: "If you did not create a Helio account, ignore this message.",
  });
}

export function resetPasswordMail(to: string, name: string, url: string): MailMessage {
  return linkMail(to, {
    subject: "Reset your Helio password",
    title: "Reset your password",
    intro: `Hello ${name}, someone asked to reset the password of your Helio account. The link works once and expires in one hour.`,
    action: "Choose a new password",
    linkLabel: "Open this link",
    url,
    outro: "If it was not you, ignore this message: your password stays as it is.",
  });
}

/** Sent instead of a verification mail when someone registers with an address that has an account. */
export function existingAccountMail(to: string, name: string, publicUrl: string): MailMessage {
  return linkMail(to, {
    subject: "Someone tried to register with your email",
    title: "You already have a Helio account",
    intro: `Hello ${name}, someone tried to create a Helio account with your email address. You already have one, so nothing was created.`,
    action: "Sign in",
    linkLabel: "Sign in",
    url: `${publicUrl}/login`,
    outro: `If it was you, sign in (forgot your password? reset it at ${publicUrl}/forgot-password). If not, ignore this message: your account is unchanged.`,
  });
}
