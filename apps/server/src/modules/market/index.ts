/** The market's public entry: the price service, its feeds, its routes, and the exit-price subquery settlement joins. */
export { lastTickSubquery } from "./queries.ts";
export { marketRoutes } from "./routes.ts";
export { createMarketService, type MarketService } from "./service.ts";
export { createExchangeSource, createSimulator, exchangeStreamUrl } from "./sources.ts";
