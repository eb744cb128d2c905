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
  const style = [{ fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" }, ...(Array.isArray(sx) ? sx : [sx])];
  if (shownRate === null) {
    return (
      <Box component="span" sx={style}>
        … {display.currency}
      </Box>
    );
  }
  const text = formatMoney(cents, display.currency, shownRate);
  return (
    <Box component="span" sx={style}>
      {signed && Number(cents) > 0 ? `+${text}` : text}
    </Box>
  );
}
