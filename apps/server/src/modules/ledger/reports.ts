import {
  MEMBER_ACCOUNTS,
  type MemberAccount,
  SYSTEM_ACCOUNTS,
  type SystemAccount,
  type TransactionKind,
} from "@helio/shared";
import type { Executor } from "../../db/client.ts";
import { balanceTotals, findLedgerProblems, ledgerCounts, sumMemberCredits } from "./report-queries.ts";

export type LedgerReport = Awaited<ReturnType<typeof findLedgerProblems>> & {
  ok: boolean;
  counts: Awaited<ReturnType<typeof ledgerCounts>>;
};

/** Proves the invariants: every transaction sums to zero, balances equal their entries, none negative. */
export async function verifyLedger(db: Executor): Promise<LedgerReport> {
  const problems = await findLedgerProblems(db);
  const ok = Object.values(problems).every((rows) => rows.length === 0);
  return { ok, ...problems, counts: await ledgerCounts(db) };
}

/** Sum of every member's balances by account, and the platform accounts' balances (cents). */
export async function ledgerTotals(db: Executor) {
  const [members, system] = await Promise.all([balanceTotals(db, "members"), balanceTotals(db, "system")]);
  const memberMoney = Object.fromEntries(MEMBER_ACCOUNTS.map((a) => [a, 0])) as Record<MemberAccount, number>;
  for (const r of members) if (r.account in memberMoney) memberMoney[r.account as MemberAccount] = r.total;
  const systemAccounts = Object.fromEntries(SYSTEM_ACCOUNTS.map((a) => [a, 0])) as Record<SystemAccount, number>;
  for (const r of system) if (r.account in systemAccounts) systemAccounts[r.account as SystemAccount] = r.total;
  return { memberMoney, systemAccounts };
}

/** Everything ever credited to members by movements of `kind`, cents (e.g. commissions paid). */
export async function totalCreditedToMembers(db: Executor, kind: TransactionKind) {
  return sumMemberCredits(db, kind);
}
