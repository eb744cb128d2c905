import type { Currency } from "@helio/shared";
import { formatMoney } from "@helio/shared/currency";
import type { CSSProperties } from "react";
import { useDisplayCurrency } from "../lib/settings.ts";
import { useFormatLocale } from "../lib/use-locale.ts";

interface MoneyProps {
  /**
   * Amount in microcents (10⁻⁸ USD).
   */
  microcents: bigint;
  /** Display currency; the signed-in member's when left out. */
  currency?: Currency;
  /** Settings multiplier of `currency` (USD is 1); from the settings when left out. */
  rate?: number;
  /** Show a `+` before positive amounts (ledger movements). */
  signed?: boolean;
  /** Also the USD amount (to the cent), in brackets, when the currency is not USD: `16,250.00 IDR (1.00 USD)`. */
  withUsd?: boolean;
  /**
   * Inline style over the figure's own (a weight, `whiteSpace: "normal"`…). Plain CSS values, no
   * theme keys: the dashboard draws amounts without MUI (decision 0017).
   */
  sx?: CSSProperties;
}

/**
 * An amount in the display currency: `1,234,567.89 IDR` (USD × rate, rounded once to 2 decimals, comma
 * thousands; `1.234.567,89 IDR` in Indonesian: the member's language's separators). Every amount on
 * every screen goes through here. Left to right in every language (`dir="ltr"` isolates it inside
 * Arabic text), so the sign, digits and code keep their order.
 */
export function Money({ microcents, currency, rate, signed = false, withUsd = false, sx }: MoneyProps) {
  const display = useDisplayCurrency(currency);
  const locale = useFormatLocale();
  const shownRate = rate ?? display.rate;
  const sign = signed && microcents > 0n ? "+" : "";
  const local =
    shownRate === null
      ? `… ${display.currency}`
      : `${sign}${formatMoney(microcents, display.currency, shownRate, locale)}`;
  const text =
    withUsd && display.currency !== "USD" ? `${local} (${sign}${formatMoney(microcents, "USD", 1, locale)})` : local;
  return <Figure text={text} sx={sx} />;
}

/**
 * A figure's text as every amount draws it: left to right, tabular digits, one line shrunk to fit.
 * The fit comes first: a size given by `sx` wins over it.
 */
export function Figure({ text, sx }: { text: string; sx?: CSSProperties }) {
  const style: CSSProperties = {
    fontVariantNumeric: "tabular-nums",
    whiteSpace: "nowrap",
    fontSize: fitWidth(text.length),
    ...sx,
  };
  return (
    <span dir="ltr" style={style}>
      {text}
    </span>
  );
}

/**
 * A number never wraps: a long one shrinks to the width of the nearest size container instead
 * (DetailList's values are one), never above the size it inherits. A tabular digit is about 0.6em
 * wide, so `length` characters fit in 100cqi at 100 / (0.62 × length) cqi. Outside a container
 * cqi falls back to the viewport's width, where a figure this short never needs to shrink.
 */
export function fitWidth(length: number): string {
  return `min(1em, ${(100 / (0.62 * Math.max(length, 1))).toFixed(2)}cqi)`;
}
