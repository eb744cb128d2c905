import type { MemberAccount, TransactionKind } from "@helio/shared";
import { i18n, type MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/** Words for ledger entries, shared by the member's history and the back office. */

const KIND_LABELS: Record<TransactionKind, MessageDescriptor> = {
  deposit: msg`Deposit`,
  withdrawal: msg`Withdrawal`,
  investment: msg`Investment`,
  profit: msg`Profit`,
  commission: msg`Commission`,
  adjustment: msg`Adjustment`,
  withdrawal_hold: msg`Withdrawal (held)`,
  withdrawal_release: msg`Withdrawal returned`,
  trade_stake: msg`Trade stake`,
  trade_payout: msg`Trade payout`,
  investment_return: msg`Investment return`,
  funds_transfer: msg`Funds transfer`,
  demo_grant: msg`Demo grant`,
  demo_reset: msg`Demo reset`,
};

/** `trade_stake` → `Trade stake`, in the member's language. */
export function kindLabel(kind: TransactionKind): string {
  return i18n._(KIND_LABELS[kind]);
}

const ACCOUNT_LABELS: Record<MemberAccount, MessageDescriptor> = {
  wallet: msg`Wallet`,
  demo: msg`Demo`,
  profit: msg`Profit`,
  bonus: msg`Bonus`,
  withdrawal_hold: msg`On hold`,
};
export function accountLabel(account: MemberAccount): string {
  return i18n._(ACCOUNT_LABELS[account]);
}

/** `deposit` + id → `Deposit 1a2b3c4d`; a short, readable reference. */
export function referenceLabel(reference: { type: string; id: string } | null): string {
  if (!reference) return "—";
  const type = reference.type.charAt(0).toUpperCase() + reference.type.slice(1).replaceAll("_", " ");
  return `${type} ${reference.id.length > 12 ? reference.id.slice(0, 8) : reference.id}`;
}
