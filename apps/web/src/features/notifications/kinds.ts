import type { NotificationKind } from "@helio/shared";

/** How each kind of notification reads for a member (the e-mail switches on /profile, filters). */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  "deposit.approved": "Deposit approved",
  "deposit.rejected": "Deposit rejected",
  "withdrawal.paid": "Withdrawal paid",
  "withdrawal.rejected": "Withdrawal rejected",
  "kyc.approved": "KYC approved",
  "kyc.rejected": "KYC rejected",
  "trade.settled": "Trade settled",
  "password.changed": "Password changed",
  "two_factor.enabled": "Two-factor authentication turned on",
  "two_factor.disabled": "Two-factor authentication turned off",
  "sign_in.new_device": "Sign-in from a new device",
  "investment.profit": "Investment profit paid",
  "investment.matured": "Investment matured",
  "bank.changed": "Bank account changed",
  "account.opened_by_support": "Support opened your account",
};

/** What /profile says of the mail a member cannot turn off (`NOTIFICATION_EMAIL` "always"). */
export const SECURITY_EMAIL_NOTE =
  "Security e-mails (password changed, two-factor changes, sign-ins from a new device, bank account changed, support opened your account) are always sent.";
