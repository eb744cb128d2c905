/** The trade screens, loaded lazily by the router. */
export { HistoryTradePage } from "./HistoryTradePage.tsx";
export { OnTradePage } from "./OnTradePage.tsx";
export { TradeIndexPage, TradePairPage } from "./TradePage.tsx";
