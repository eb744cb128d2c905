/**
 * Rates typed as a percentage with at most 2 decimals ("1.25") are exactly whole basis points
 * (125): read and written here as text, with no floating point. Basis points are not money: they
 * stay plain numbers (amounts are bigint microcents, read with `parseDecimalToMicrocents`).
 */
const PERCENT_TEXT = /^(\d{1,9})(?:\.(\d{1,2}))?$/;

/** "1.25" → 125, "0.8" → 80, "5" → 500; null when the text is not such a percentage. */
export function percentToBps(text: string): number | null {
  const match = PERCENT_TEXT.exec(text.trim());
  if (!match) return null;
  const [, units = "0", hundredths = ""] = match;
  return Number(units) * 100 + Number(hundredths.padEnd(2, "0"));
}

/** Whole basis points as a percentage with exactly two decimals: 125 → "1.25", 5 → "0.05", 500 → "5.00". */
export function bpsToDecimal(bps: number): string {
  const abs = Math.abs(bps);
  return `${bps < 0 ? "-" : ""}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** Whole basis points as a percentage with two decimals, without a ".00": 125 → "1.25", 80 → "0.80", 500 → "5". */
export const bpsToPercent = (bps: number): string => bpsToDecimal(bps).replace(/\.00$/, "");
