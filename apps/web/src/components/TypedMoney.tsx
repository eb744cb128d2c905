import { formatTypedLocal, type TypedLocal } from "@helio/shared";
import Box from "@mui/material/Box";
import type { SxProps, Theme } from "@mui/material/styles";
import { useFormatLocale } from "../lib/use-locale.ts";
import { fitWidth } from "./Money.tsx";

/**
 * An amount exactly as the member typed it in their currency ("500,000.00 IDR", "500.000,00 IDR" in
 * Indonesian): the figure a bank moves, never converted. Left to right, like `Money`. Apart from
 * it: only the invoice, withdrawal and back-office screens draw one, not the dashboard's first paint.
 */
export function TypedMoney({ local, sx }: { local: Pick<TypedLocal, "amount" | "currency">; sx?: SxProps<Theme> }) {
  const text = formatTypedLocal(local, useFormatLocale());
  const style = [
    { fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap", fontSize: fitWidth(text.length) },
    ...(Array.isArray(sx) ? sx : [sx]),
  ];
  return (
    <Box component="span" dir="ltr" sx={style}>
      {text}
    </Box>
  );
}
