export { settlementLag } from "./metrics.ts";
export { tradingRoutes } from "./routes.ts";
export { startSettlementWorker } from "./service.ts";
