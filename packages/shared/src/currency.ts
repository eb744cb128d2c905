/** Currencies a member may display amounts in. USD is the base; the others come from settings rates. */
export const RATE_CURRENCIES = ["MYR", "IDR", "SGD", "BND", "KRW", "JPY", "EUR", "BHD"] as const;
export const CURRENCIES = ["USD", ...RATE_CURRENCIES] as const;
export type Currency = (typeof CURRENCIES)[number];
export type RateCurrency = (typeof RATE_CURRENCIES)[number];

const grouped = new Intl.NumberFormat("en-US", {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: true,
});

/**
 * Formats an amount held in integer USD cents for display in `currency`,
 * e.g. `1,234,567.89 IDR`. `rate` is the settings multiplier (USD is 1).
 * Display only: stored amounts never pass through floating point.
 */
export function formatMoney(cents: number | bigint, currency: Currency = "USD", rate = 1): string {
  const usd = Number(cents) / 100;
  return `${grouped.format(usd * (currency === "USD" ? 1 : rate))} ${currency}`;
}
