export { settlementLag } from "./metrics.ts";
export { openContractCount } from "./open-count.ts";
export { type ProfitSummary, profitBatches, profitSummary, profitTable } from "./profit-table.ts";
export { countOpen, realContractsSince, stakeFigures } from "./queries.ts";
export { tradingRoutes } from "./routes.ts";
export { startSettlementWorker } from "./service.ts";
