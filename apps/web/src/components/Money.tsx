import { type Currency, formatMoney } from "@helio/shared";
import Box from "@mui/material/Box";
import type { SxProps, Theme } from "@mui/material/styles";
import { useDisplayCurrency } from "../lib/settings.ts";

interface MoneyProps {
  /** Amount in integer USD cents. */
  cents: number | bigint;
  /** Display currency; the signed-in member's when left out. */
  currency?: Currency;
  /** Settings multiplier of `currency` (USD is 1); from the settings when left out. */
  rate?: number;
  /** Show a `+` before positive amounts (ledger movements). */
  signed?: boolean;
  sx?: SxProps<Theme>;
}

/**
 * An amount in the display currency: `1,234,567.89 IDR` (USD cents × rate, 2 decimals, comma
 * thousands). Every amount on every screen goes through here.
 */
export function Money({ cents, currency, rate, signed = false, sx }: MoneyProps) {
  const display = useDisplayCurrency(currency);
  const shownRate = rate ?? display.rate;
  const text =
    shownRate === null
      ? `… ${display.currency}`
      : `${signed && Number(cents) > 0 ? "+" : ""}${formatMoney(cents, display.currency, shownRate)}`;
  // The fit comes first: a size given by `sx` wins over it.
  const style = [
    { fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap", fontSize: fitWidth(text.length) },
    ...(Array.isArray(sx) ? sx : [sx]),
  ];
  return (
    <Box component="span" sx={style}>
      {text}
    </Box>
  );
}

/**
 * A number never wraps: a long one shrinks to the width of the nearest size container instead
 * (DetailList's values are one), never above the size it inherits. A tabular digit is about 0.6em
 * wide, so `length` characters fit in 100cqi at 100 / (0.62 × length) cqi. Outside a container
 * cqi falls back to the viewport's width, where a figure this short never needs to shrink.
 */
function fitWidth(length: number): string {
  return `min(1em, ${(100 / (0.62 * Math.max(length, 1))).toFixed(2)}cqi)`;
}
