/** Investment packages and members' investments: referrals read what members invested through it. */
export { startAccrualWorker } from "./accrual.ts";
export { investmentSummary } from "./admin.ts";
export { investedBy } from "./invested.ts";
export { accrualLag } from "./metrics.ts";
export { investmentRoutes } from "./routes.ts";
