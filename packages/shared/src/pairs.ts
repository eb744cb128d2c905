/**
 * The pairs Helio trades, with no schema: the web's entry (the page title of a pair's screen) reads
 * them without loading zod (packages/shared/src/market.ts holds the schemas).
 */
/** The 12 pairs (all against USDT), in the order the ticker and pickers show them. */
export const PAIRS = [
  { symbol: "BTC", name: "bitcoin", label: "Bitcoin" },
  { symbol: "ETH", name: "ethereum", label: "Ethereum" },
  { symbol: "BNB", name: "bnb", label: "BNB" },
  { symbol: "SOL", name: "solana", label: "Solana" },
  { symbol: "XRP", name: "xrp", label: "XRP" },
  { symbol: "ADA", name: "cardano", label: "Cardano" },
  { symbol: "DOGE", name: "dogecoin", label: "Dogecoin" },
  { symbol: "TRX", name: "tron", label: "TRON" },
  { symbol: "DOT", name: "polkadot", label: "Polkadot" },
  { symbol: "LTC", name: "litecoin", label: "Litecoin" },
  { symbol: "LINK", name: "chainlink", label: "Chainlink" },
  { symbol: "AVAX", name: "avalanche", label: "Avalanche" },
] as const;
export const PAIR_SYMBOLS = [
  "BTC",
  "ETH",
  "BNB",
  "SOL",
  "XRP",
  "ADA",
  "DOGE",
  "TRX",
  "DOT",
  "LTC",
  "LINK",
  "AVAX",
] as const;
export type PairSymbol = (typeof PAIR_SYMBOLS)[number];
export const pairOf = (symbol: string) => PAIRS.find((p) => p.symbol === symbol.toUpperCase());
