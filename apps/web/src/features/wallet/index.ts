/** What other features and the shell may use of the wallet: the real balance, the recent transactions. */
export { type RealWallet, useRealWallet } from "./api.ts";
export { RecentTransactions } from "./RecentTransactions.tsx";
