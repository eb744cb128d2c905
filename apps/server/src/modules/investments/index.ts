export { startAccrualWorker } from "./accrual.ts";
export { investmentSummary } from "./admin.ts";
export { investmentRoutes } from "./routes.ts";
