// The ledger's public entry: every movement of money and every balance goes through these.
// Other modules never reach its queries (docs/architecture.md, "Boundaries").
export { openMemberAccounts } from "./accounts.ts";
export { balancesOfRow, memberBalanceColumns, memberBalancesJoin } from "./balance-queries.ts";
export { announceBalances, balanceAfter, entryOf, getMemberBalances } from "./balances.ts";
export {
  entryFilterOf,
  findMovement,
  type HistoryFilter,
  memberEntries,
  memberHistory,
  memberHistoryBatches,
  movementsOf,
  toWalletEntry,
} from "./history.ts";
export { ledgerMovements, ledgerVerification, ledgerVerificationTime } from "./metrics.ts";
export {
  type AccountRef,
  type BalanceChange,
  insufficientFunds,
  type Leg,
  lockAccounts,
  type Movement,
  moneyTransaction,
  type Posted,
  postTransaction,
  postTransactions,
  SYSTEM_SHARDS,
  shardOf,
} from "./posting.ts";
export {
  type HouseTotals,
  type LedgerReport,
  ledgerTotals,
  totalCreditedToMembers,
  tradingHouseResult,
  verifyLedger,
} from "./reports.ts";
export { memberStatement, type StatementSummary, statementBatches, statementSummary } from "./statement.ts";
