export { settlementLag } from "./metrics.ts";
export { type ProfitSummary, profitBatches, profitSummary, profitTable } from "./profit-table.ts";
export { stakeFigures } from "./queries.ts";
export { tradingRoutes } from "./routes.ts";
export { startSettlementWorker } from "./service.ts";
