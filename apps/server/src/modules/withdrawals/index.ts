export { withdrawalDeps, withdrawalRoutes } from "./routes.ts";
export { expireUnconfirmedWithdrawals, startWithdrawalExpiryWorker, withdrawalNumbers } from "./service.ts";
export { openWithdrawalCount } from "./open-count.ts";
