export { startAccrualWorker } from "./accrual.ts";
export { investmentSummary } from "./admin.ts";
export { accrualLag } from "./metrics.ts";
export { investmentRoutes } from "./routes.ts";
