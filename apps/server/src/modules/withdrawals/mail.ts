import { formatMoney, formatTypedLocal, type TypedLocal } from "@helio/shared";
import { formatUtcDateTime, i18nFor, localeOf } from "../../platform/i18n/index.ts";
import type { MailMessage } from "../../platform/mail/mailer.ts";
import { linkMail } from "../../platform/mail/templates.ts";

/**
 * The web app's page that confirms a withdrawal from its mail: the string of
 * `paths.confirmWithdrawalOne` in apps/web/src/lib/paths.ts (pinned by the module's tests).
 */
export const confirmPagePath = (id: string, token: string) =>
  `/confirm-withdrawal/${encodeURIComponent(id)}/${encodeURIComponent(token)}`;

/** The mail that asks the member to confirm one withdrawal, in their language: what, where to, until when. */
export function withdrawalConfirmMail(opts: {
  to: string;
  name: string;
  /** The account's language (null: never chosen, English). */
  locale: string | null;
  publicUrl: string;
  id: string;
  token: string;
  amountMicrocents: bigint;
  /** The amount as typed in the member's currency: named first, the USD beside it. */
  local: TypedLocal | null;
  bankName: string;
  accountNumberMasked: string;
  expiresAt: Date;
}): MailMessage {
  const locale = localeOf(opts.locale);
  const i18n = i18nFor(locale);
  const usd = formatMoney(opts.amountMicrocents, "USD", 1, locale);
  const amount = opts.local ? `${formatTypedLocal(opts.local, locale)} (${usd})` : usd;
  return linkMail(opts.to, {
    subject: i18n._({
      id: "mail.withdrawal_confirm.subject",
      message: "Confirm your withdrawal of {amount}",
      values: { amount },
    }),
    title: i18n._({ id: "mail.withdrawal_confirm.title", message: "Confirm your withdrawal" }),
    intro: i18n._({
      id: "mail.withdrawal_confirm.intro",
      message:
        "Hello {name}, confirm your withdrawal of {amount} to {bank} {account}. The link works once, for this withdrawal only, until {until}; without it the amount returns to your wallet.",
      values: {
        name: opts.name,
        amount,
        bank: opts.bankName,
        account: opts.accountNumberMasked,
        until: formatUtcDateTime(locale, opts.expiresAt, false),
      },
    }),
    action: i18n._({ id: "mail.withdrawal_confirm.action", message: "Confirm withdrawal" }),
    linkLabel: i18n._({ id: "mail.withdrawal_confirm.link", message: "Confirm it here" }),
    url: `${opts.publicUrl.replace(/\/+$/, "")}${confirmPagePath(opts.id, opts.token)}`,
    outro: i18n._({
      id: "mail.withdrawal_confirm.outro",
      message:
        "If you did not ask for this withdrawal, do not open the link: change your password at once and contact support.",
    }),
  });
}
