import { type BankAccount, maskAccountNumber } from "@helio/shared";
import { t } from "@lingui/core/macro";
import type { ReactNode } from "react";
import type { Detail } from "../../components/DetailList.tsx";
import { formatDateTime } from "../../lib/format.ts";

/** As the server stores it: spaces and hyphens removed, upper case. */
export function normaliseAccountNumber(text: string): string {
  return text.trim().replace(/[\s-]/g, "").toUpperCase();
}

/** How a typed account number will be shown once saved (`****5678`), or null while too short. */
export function maskedPreview(text: string): string | null {
  const normalised = normaliseAccountNumber(text);
  return /^[A-Z0-9]{4,34}$/.test(normalised) ? maskAccountNumber(normalised) : null;
}

/**
 * A payout account as label/value pairs, in the order the member and the back office both read
 * it; `accountNumber` is how the number shows (masked for the member, whole for an admin).
 */
export function bankDetails(
  bank: Pick<BankAccount, "bankName" | "accountHolder" | "swift" | "branch" | "updatedAt">,
  accountNumber: ReactNode,
): Detail[] {
  return [
    { label: t`Bank name`, value: bank.bankName },
    { label: t`Account holder`, value: bank.accountHolder },
    { label: t`Account number`, value: accountNumber },
    { label: t`SWIFT/BIC`, value: bank.swift ?? "—" },
    { label: t`Branch`, value: bank.branch ?? "—" },
    { label: t`Last changed`, value: formatDateTime(bank.updatedAt) },
  ];
}
