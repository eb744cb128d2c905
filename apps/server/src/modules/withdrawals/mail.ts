import { formatMoney } from "@helio/shared";
import type { MailMessage } from "../../platform/mail/mailer.ts";
import { linkMail } from "../../platform/mail/templates.ts";

/**
 * The web app's page that confirms a withdrawal from its mail: the string of
 * `paths.confirmWithdrawalOne` in apps/web/src/lib/paths.ts (pinned by the module's tests).
 */
export const confirmPagePath = (id: string, token: string) =>
  `/confirm-withdrawal/${encodeURIComponent(id)}/${encodeURIComponent(token)}`;

const at = (d: Date) =>
  `${d.toLocaleString("en-GB", { timeZone: "UTC", hour: "2-digit", minute: "2-digit", day: "numeric", month: "short", hour12: false })} UTC`;

/** The mail that asks the member to confirm one withdrawal: what, where to, until when. */
export function withdrawalConfirmMail(opts: {
  to: string;
  name: string;
  publicUrl: string;
  id: string;
  token: string;
  amountCents: number;
  bankName: string;
  accountNumberMasked: string;
  expiresAt: Date;
}): MailMessage {
  const amount = formatMoney(opts.amountCents, "USD");
  return linkMail(opts.to, {
    subject: `Confirm your withdrawal of ${amount}`,
    title: "Confirm your withdrawal",
    intro:
      `Hello ${opts.name}, confirm your withdrawal of ${amount} to ${opts.bankName} ${opts.accountNumberMasked}. ` +
      `The link works once, for this withdrawal only, until ${at(opts.expiresAt)}; without it the amount returns to your wallet.`,
    action: "Confirm withdrawal",
    linkLabel: "Confirm it here",
    url: `${opts.publicUrl.replace(/\/+$/, "")}${confirmPagePath(opts.id, opts.token)}`,
    outro:
      "If you did not ask for this withdrawal, do not open the link: change your password at once and contact support.",
  });
}
