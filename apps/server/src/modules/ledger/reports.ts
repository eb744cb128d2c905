import {
  MEMBER_ACCOUNTS,
  type MemberAccount,
  SYSTEM_ACCOUNTS,
  type SystemAccount,
  type TransactionKind,
} from "@helio/shared";
import type { Executor } from "../../db/client.ts";
import { recordVerification } from "./metrics.ts";
import {
  findLedgerProblems,
  ledgerCounts,
  sumMemberCredits,
  systemBalanceTotals,
  tradingHouseFlows,
  userBalanceTotals,
} from "./report-queries.ts";

export type LedgerReport = Awaited<ReturnType<typeof findLedgerProblems>> & {
  ok: boolean;
  counts: Awaited<ReturnType<typeof ledgerCounts>>;
};

/** Proves the invariants: every transaction sums to zero, balances equal their entries, none negative. */
export async function verifyLedger(db: Executor): Promise<LedgerReport> {
  const problems = await findLedgerProblems(db);
  const ok = Object.values(problems).every((rows) => rows.length === 0);
  recordVerification(ok);
  return { ok, ...problems, counts: await ledgerCounts(db) };
}

/**
 * The balances by account, microcents: every member's summed (`memberMoney`: admins are not members),
 * the admins' own summed apart (`adminMoney`), and the platform's accounts. The three together
 * sum to zero, as every movement does.
 */
export async function ledgerTotals(db: Executor) {
  const [users, system] = await Promise.all([userBalanceTotals(db), systemBalanceTotals(db)]);
  const memberAccounts = () => Object.fromEntries(MEMBER_ACCOUNTS.map((a) => [a, 0n])) as Record<MemberAccount, bigint>;
  const memberMoney = memberAccounts();
  const adminMoney = memberAccounts();
  for (const r of users) {
    if (!(r.account in memberMoney)) continue;
    (r.holder === "member" ? memberMoney : adminMoney)[r.account as MemberAccount] += r.total;
  }
  const systemAccounts = Object.fromEntries(SYSTEM_ACCOUNTS.map((a) => [a, 0n])) as Record<SystemAccount, bigint>;
  for (const r of system) if (r.account in systemAccounts) systemAccounts[r.account as SystemAccount] = r.total;
  return { memberMoney, adminMoney, systemAccounts };
}

/** Everything ever credited to members by movements of `kind`, microcents (e.g. commissions paid). */
export async function totalCreditedToMembers(db: Executor, kind: TransactionKind) {
  return sumMemberCredits(db, kind);
}

export type HouseTotals = { stakesMicrocents: bigint; payoutsMicrocents: bigint; resultMicrocents: bigint };

/**
 * The house result of fixed-time trading, for real money (`wallet`) and practice money (`demo`):
 * stakes taken into the `trading_house` account minus payouts made from it. Stakes of contracts
 * still open are counted from the moment they are taken, as the account holds them.
 */
export async function tradingHouseResult(db: Executor): Promise<Record<"wallet" | "demo", HouseTotals>> {
  const rows = await tradingHouseFlows(db);
  const of = (account: "wallet" | "demo"): HouseTotals => {
    const row = rows.find((r) => r.account === account);
    const stakesMicrocents = BigInt(row?.stakes ?? 0);
    const payoutsMicrocents = BigInt(row?.payouts ?? 0);
    return { stakesMicrocents, payoutsMicrocents, resultMicrocents: stakesMicrocents - payoutsMicrocents };
  };
  return { wallet: of("wallet"), demo: of("demo") };
}
