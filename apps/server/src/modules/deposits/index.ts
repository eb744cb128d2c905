export { depositRoutes } from "./routes.ts";
export { depositNumbers, startDepositExpiryWorker } from "./service.ts";
