export { settlementLag } from "./metrics.ts";
export { openContractCount } from "./open-count.ts";
export { countOpen, realContractsSince, stakeFigures } from "./queries.ts";
export { tradingRoutes } from "./routes.ts";
export { startSettlementWorker } from "./service.ts";
