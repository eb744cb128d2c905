import { PAIRS } from "@helio/shared";

/** "Up" or "Down", as the trade tables show a contract's direction. */
export const directionLabel = (d: string) => (d === "up" ? "Up" : "Down");

/** The pairs as the options of a select: `BTC/USDT`… */
export const PAIR_OPTIONS = PAIRS.map((p) => ({ value: p.symbol, label: `${p.symbol}/USDT` }));
