/** Currencies a member may display amounts in. USD is the base; the others come from settings rates. */
export const RATE_CURRENCIES = ["MYR", "IDR", "SGD", "BND", "KRW", "JPY", "EUR", "BHD"] as const;
export const CURRENCIES = ["USD", ...RATE_CURRENCIES] as const;
export type Currency = (typeof CURRENCIES)[number];
export type RateCurrency = (typeof RATE_CURRENCIES)[number];

/** `"1234567"` → `"1,234,567"`: en-US thousands separators in a string of digits. */
export function groupDigits(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/**
 * `x` with two decimals and grouped, exactly as `Intl.NumberFormat("en-US", { minimumFractionDigits: 2,
 * maximumFractionDigits: 2 })` writes it: rounded half away from zero on the shortest decimal form of
 * `x`, as ICU does (so 1234567.895 gives "1,234,567.90"), and "-0.00" below zero. Not Intl itself:
 * the first Intl formatter a page creates loads ICU's data, 44–106 ms of main thread on our 2-core
 * machines, and this one was created as the dashboard's modules loaded, before its first paint.
 */
function twoDecimals(x: number): string {
  const sign = x < 0 || Object.is(x, -0) ? "-" : "";
  const abs = Math.abs(x);
  if (abs < 0.001) return `${sign}0.00`;
  if (abs >= 1e21) return `${sign}${groupDigits(BigInt(abs).toString())}.00`;
  const [whole = "0", fraction = ""] = abs.toString().split(".");
  const roundUp = (fraction[2] ?? "0") >= "5" ? 1n : 0n;
  const hundredths = (BigInt(whole + fraction.padEnd(2, "0").slice(0, 2)) + roundUp).toString().padStart(3, "0");
  return `${sign}${groupDigits(hundredths.slice(0, -2))}.${hundredths.slice(-2)}`;
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
 * Formats an amount held in integer USD cents for display in `currency`,
 * e.g. `1,234,567.89 IDR` (`1.234.567,89 IDR` with `locale` "id"). `rate` is the settings multiplier
 * (USD is 1). Display only: stored amounts never pass through floating point.
 */
export function formatMoney(cents: number | bigint, currency: Currency = "USD", rate = 1, locale?: string): string {
  const usd = Number(cents) / 100;
  return `${localizeDecimal(twoDecimals(usd * (currency === "USD" ? 1 : rate)), locale)} ${currency}`;
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
