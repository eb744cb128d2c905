export { openWithdrawalCount } from "./open-count.ts";
export { withdrawalDeps, withdrawalRoutes } from "./routes.ts";
export { expireUnconfirmedWithdrawals, startWithdrawalExpiryWorker, withdrawalNumbers } from "./service.ts";
