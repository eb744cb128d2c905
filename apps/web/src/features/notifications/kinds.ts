import type { NotificationKind } from "@helio/shared";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/** How each kind of notification reads for a member, worded with `i18n._` where it is drawn (the e-mail switches on /profile, filters). */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, MessageDescriptor> = {
  "deposit.approved": msg`Deposit approved`,
  "deposit.rejected": msg`Deposit rejected`,
  "withdrawal.paid": msg`Withdrawal paid`,
  "withdrawal.rejected": msg`Withdrawal rejected`,
  "kyc.approved": msg`KYC approved`,
  "kyc.rejected": msg`KYC rejected`,
  "trade.settled": msg`Trade settled`,
  "password.changed": msg`Password changed`,
  "two_factor.enabled": msg`Two-factor authentication turned on`,
  "two_factor.disabled": msg`Two-factor authentication turned off`,
  "sign_in.new_device": msg`Sign-in from a new device`,
  "investment.profit": msg`Investment profit paid`,
  "investment.matured": msg`Investment matured`,
  "bank.changed": msg`Bank account changed`,
  "account.opened_by_support": msg`Support opened your account`,
};

/** What /profile says of the mail a member cannot turn off (`NOTIFICATION_EMAIL` "always"). */
export const SECURITY_EMAIL_NOTE = msg`Security e-mails (password changed, two-factor changes, sign-ins from a new device, bank account changed, support opened your account) are always sent.`;
