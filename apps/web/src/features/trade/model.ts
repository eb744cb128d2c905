import type { CandleInterval } from "@helio/shared";
import { PAIRS } from "@helio/shared/pairs";
import { t } from "@lingui/core/macro";

/** "Up" or "Down", as the trade tables show a contract's direction, in the member's language. */
export const directionLabel = (d: string) => (d === "up" ? t`Up` : t`Down`);

/** The pairs as the options of a select: `BTC/USDT`… */
export const PAIR_OPTIONS = PAIRS.map((p) => ({ value: p.symbol, label: `${p.symbol}/USDT` }));

/** A contract's duration as the order form offers it: "30 s", "1 m", "1 h" in English. */
export function durationLabel(seconds: number): string {
  if (seconds < 60 || seconds % 60 !== 0) return t`${seconds} s`;
  const minutes = seconds / 60;
  if (minutes < 60 || minutes % 60 !== 0) return t`${minutes} m`;
  const hours = minutes / 60;
  return t`${hours} h`;
}

/** A candle interval as its button shows it: "1m", "15m", "1h" in English. */
export function intervalLabel(interval: CandleInterval): string {
  const amount = Number.parseInt(interval, 10);
  return interval.endsWith("h") ? t`${amount}h` : t`${amount}m`;
}
