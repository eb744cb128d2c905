/** The wallet's public entry: its routes, the CSV cells of a statement (funds reuse them), the demo reset. */
export { walletCsvCells, walletRoutes } from "./routes.ts";
export { resetDemo } from "./service.ts";
