import { formatTypedLocal, type TypedLocal } from "@helio/shared";
import type { CSSProperties } from "react";
import { useFormatLocale } from "../lib/use-locale.ts";
import { Figure } from "./Money.tsx";

/**
 * An amount exactly as the member typed it in their currency ("500,000.00 IDR", "500.000,00 IDR" in
 * Indonesian): the figure a bank moves, never converted. Drawn like `Money`. Apart from it: only the
 * invoice, withdrawal and back-office screens draw one, not the dashboard's first paint.
 */
export function TypedMoney({ local, sx }: { local: Pick<TypedLocal, "amount" | "currency">; sx?: CSSProperties }) {
  return <Figure text={formatTypedLocal(local, useFormatLocale())} sx={sx} />;
}
