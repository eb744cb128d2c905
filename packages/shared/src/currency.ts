import { divideHalfEven } from "./values.ts";

/** Currencies a member may display amounts in. USD is the base; the others come from settings rates. */
export const RATE_CURRENCIES = ["MYR", "IDR", "SGD", "BND", "KRW", "JPY", "EUR", "BHD"] as const;
export const CURRENCIES = ["USD", ...RATE_CURRENCIES] as const;
export type Currency = (typeof CURRENCIES)[number];
export type RateCurrency = (typeof RATE_CURRENCIES)[number];

/** `"1234567"` → `"1,234,567"`: en-US thousands separators in a string of digits. */
export function groupDigits(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** -123456789n → "-1,234,567.89": hundredths as an en-US decimal with two decimals, grouped. */
function hundredthsText(hundredths: bigint): string {
  const negative = hundredths < 0n;
  const abs = negative ? -hundredths : hundredths;
  return `${negative ? "-" : ""}${groupDigits((abs / 100n).toString())}.${(abs % 100n).toString().padStart(2, "0")}`;
}

/** A settings multiplier (16250, 0.376) as an integer scaled by 10⁸: the rates' own precision. */
function scaledMultiplier(rate: number): bigint {
  const [whole = "0", fraction = ""] = rate.toFixed(8).split(".");
  return BigInt(whole) * 100_000_000n + BigInt(fraction);
}

const decimalFormats = new Map<string, Intl.NumberFormat>();

/**
 * A decimal written as English does ("-1,234,567.89") in `locale`'s separators ("-1.234.567,89" in
 * `id`), exactly: Intl reads the digits as a decimal string, not a float. English and no locale
 * keep the text as it is and create no Intl formatter (the first one a page creates loads ICU's
 * data); others create theirs once, at first use. Arabic keeps Latin digits: amounts, like prices,
 * are read left to right with the same digits everywhere on Helio.
 */
export function localizeDecimal(english: string, locale?: string): string {
  if (!locale || locale === "en") return english;
  const fraction = english.split(".")[1]?.length ?? 0;
  const key = `${locale}:${fraction}`;
  let format = decimalFormats.get(key);
  if (!format) {
    const tag = locale === "ar" ? "ar-u-nu-latn" : locale;
    format = new Intl.NumberFormat(tag, { minimumFractionDigits: fraction, maximumFractionDigits: fraction });
    decimalFormats.set(key, format);
  }
  return format.format(english.replaceAll(",", "") as `${number}`);
}

/**
 * Formats an amount held in microcents (10⁻⁸ USD) for display in `currency`, e.g. `1,234,567.89 IDR`
 * (`1.234.567,89 IDR` with `locale` "id"), rounded once to the hundredth (ties to even). `rate` is
 * the settings multiplier (USD is 1). Exact: no amount passes through floating point.
 */
export function formatMoney(microcents: bigint, currency: Currency = "USD", rate = 1, locale?: string): string {
  // microcents × rate ÷ 10⁶ is hundredths of `currency`; the rate is scaled by 10⁸.
  const scaled = currency === "USD" ? 100_000_000n : scaledMultiplier(rate);
  return `${localizeDecimal(hundredthsText(divideHalfEven(microcents * scaled, 100_000_000_000_000n)), locale)} ${currency}`;
}

/**
 * An amount kept as typed, "500000.00" (the decimal text the API answers for a typed local
 * amount), as "500,000.00 IDR" ("500.000,00 IDR" in `id`), exactly: its digits are never a float.
 * Here rather than beside the schema of local amounts so that the screens which show one do not
 * load zod before their first paint.
 */
export function formatTypedLocal(local: { amount: string; currency: Currency }, locale?: string): string {
  const [units = "0", fraction = ""] = local.amount.trim().split(".");
  const whole = units.replace(/^0+(?=\d)/, "");
  return `${localizeDecimal(`${groupDigits(whole)}.${fraction.padEnd(2, "0").slice(0, 2)}`, locale)} ${local.currency}`;
}
