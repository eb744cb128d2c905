export { countOpenDeposits as openDepositCount, depositedSince } from "./queries.ts";
export { depositRoutes } from "./routes.ts";
export { depositNumbers, startDepositExpiryWorker } from "./service.ts";
