import type { MailMessage } from "./mailer.ts";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

function layout(title: string, intro: string, action: string, url: string, outro: string): string {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#2E0101">
<h1 style="color:#f15a29;font-size:20px">${escapeHtml(title)}</h1><p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(url)}" style="background:#f15a29;color:#2E0101;padding:10px 16px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(action)}</a></p>
<p style="color:#535353;font-size:13px">${escapeHtml(outro)}</p></body></html>`;
}

export function verificationMail(to: string, name: string, url: string): MailMessage {
  const intro = `Hello ${name}, confirm your email address to start using Helio.`;
  const outro = "If you did not create a Helio account, ignore this message.";
  return {
    to,
    subject: "Verify your email for Helio",
    text: `${intro}\n\nOpen this link: ${url}\n\n${outro}`,
    html: layout("Verify your email", intro, "Verify email", url, outro),
  };
}

export function resetPasswordMail(to: string, name: string, url: string): MailMessage {
  const intro = `Hello ${name}, someone asked to reset the password of your Helio account. The link works once and expires in one hour.`;
  const outro = "If it was not you, ignore this message: your password stays as it is.";
  return {
    to,
    subject: "Reset your Helio password",
    text: `${intro}\n\nOpen this link: ${url}\n\n${outro}`,
    html: layout("Reset your password", intro, "Choose a new password", url, outro),
  };
}

/** Sent instead of a verification mail when someone registers with an address that has an account. */
export function existingAccountMail(to: string, name: string, publicUrl: string): MailMessage {
  const url = `${publicUrl}/login`;
  const intro = `Hello ${name}, someone tried to create a Helio account with your email address. You already have one, so nothing was created.`;
  const outro = `If it was you, sign in (forgot your password? reset it at ${publicUrl}/forgot-password). If not, ignore this message: your account is unchanged.`;
  return {
    to,
    subject: "Someone tried to register with your email",
    text: `${intro}\n\nSign in: ${url}\n\n${outro}`,
    html: layout("You already have a Helio account", intro, "Sign in", url, outro),
  };
}
