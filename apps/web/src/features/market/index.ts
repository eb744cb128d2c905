/** What other features and the shell may use of the market: the ticker, the overview. */
export { MarketOverview } from "./MarketOverview.tsx";
export { Ticker } from "./Ticker.tsx";
