import type { MemberAccount, TransactionKind } from "@helio/shared";

/** Words for ledger entries, shared by the member's history and the back office. */

const KIND_LABELS: Partial<Record<TransactionKind, string>> = {
  withdrawal_hold: "Withdrawal (held)",
  withdrawal_release: "Withdrawal returned",
  trade_stake: "Trade stake",
  trade_payout: "Trade payout",
  investment_return: "Investment return",
  funds_transfer: "Funds transfer",
  demo_grant: "Demo grant",
  demo_reset: "Demo reset",
};

/** `trade_stake` → `Trade stake`. */
export function kindLabel(kind: TransactionKind): string {
  return KIND_LABELS[kind] ?? kind.charAt(0).toUpperCase() + kind.slice(1).replaceAll("_", " ");
}

const ACCOUNT_LABELS: Record<MemberAccount, string> = {
  wallet: "Wallet",
  demo: "Demo",
  profit: "Profit",
  bonus: "Bonus",
  withdrawal_hold: "On hold",
};
export function accountLabel(account: MemberAccount): string {
  return ACCOUNT_LABELS[account];
}

/** `deposit` + id → `Deposit 1a2b3c4d`; a short, readable reference. */
export function referenceLabel(reference: { type: string; id: string } | null): string {
  if (!reference) return "—";
  const type = reference.type.charAt(0).toUpperCase() + reference.type.slice(1).replaceAll("_", " ");
  return `${type} ${reference.id.length > 12 ? reference.id.slice(0, 8) : reference.id}`;
}

/** What the reference column says: the entry's memo, else its business reference ("—" for none). */
export function entryDescription(entry: { memo: string | null; reference: { type: string; id: string } | null }) {
  if (entry.memo) return entry.memo;
  if (!entry.reference || entry.reference.type === "user") return "—";
  return referenceLabel(entry.reference);
}
