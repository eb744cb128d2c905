// The shared values the web app's first load uses that need no zod: the dashboard draws before zod
// and the schemas have loaded (docs/decisions/0017-the-dashboard-without-mui-or-zod-first.md). Each
// is also exported where it belongs (ledger.ts, chat.ts, settings.ts, wallet.ts) and so from the
// package's index: server and web use it the same way.
import type { Currency } from "./currency.ts";
import type { RateQuote } from "./local-amount.ts";

/** A member's own accounts. `wallet` is real money, `demo` practice money (docs/product.md §2). */
export const MEMBER_ACCOUNTS = ["wallet", "demo", "profit", "bonus", "withdrawal_hold"] as const;
export const TRANSACTION_KINDS = [
  "deposit",
  "withdrawal",
  "withdrawal_hold",
  "withdrawal_release",
  "trade_stake",
  "trade_payout",
  "investment",
  "investment_return",
  "profit",
  "commission",
  "funds_transfer",
  "adjustment",
  "demo_grant",
  "demo_reset",
] as const;

/** Live support chat (docs/product.md §7): the longest message and the images one may carry. */
export const CHAT_TEXT_MAX = 4000;
export const CHAT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const CHAT_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"] as const;

/** The public rates as the settings answer carries them. */
type PublicRates = readonly { name: string; value: number; decimal: string }[];

/** The quote of `currency` from the public rates (USD is "1"); null while unknown or not above zero. */
export function quoteFromRates(rates: PublicRates | undefined, currency: Currency): RateQuote | null {
  if (currency === "USD") return { currency, rate: "1" };
  const found = rates?.find((r) => r.name === currency);
  return found && rateFor(rates, currency) !== null ? { currency, rate: found.decimal } : null;
}

/** The settings multiplier of `currency` (USD is 1); null while unknown (rates not loaded, or missing). */
export function rateFor(rates: PublicRates | undefined, currency: Currency): number | null {
  if (currency === "USD") return 1;
  const found = rates?.find((r) => r.name === currency);
  return found && Number.isFinite(found.value) && found.value > 0 ? found.value : null;
}

/**
 * Money is held in microcents: millionths of a US cent, 10⁻⁸ USD, as a bigint. Fine enough that an
 * amount typed with two decimals in any currency at up to 1,000,000 per USD comes back exactly as
 * typed (docs/decisions/0020-money-in-microcents.md).
 */
export const MICROCENTS_PER_CENT = 1_000_000n;
export const MICROCENTS_PER_USD = 100n * MICROCENTS_PER_CENT;

/** Whole US cents as microcents: `fromCents(1234)` is 12.34 USD, for figures written in cents. */
export const fromCents = (whole: number | bigint): bigint => toBig(whole, "cents") * MICROCENTS_PER_CENT;

export const toBig = (value: number | bigint, what: string): bigint => {
  if (typeof value === "bigint") return value;
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be a safe integer, got ${value}`);
  return BigInt(value);
};

/** `numerator ÷ denominator` rounded to a whole number, ties to the even neighbour (denominator > 0). */
export function divideHalfEven(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n;
  const abs = negative ? -numerator : numerator;
  let quotient = abs / denominator;
  const twice = (abs % denominator) * 2n;
  if (twice > denominator || (twice === denominator && quotient % 2n === 1n)) quotient += 1n;
  return negative ? -quotient : quotient;
}

/** Microcents rounded to the nearest whole cent (ties to even), still in microcents. */
export function roundToCent(microcents: bigint): bigint {
  return divideHalfEven(microcents, MICROCENTS_PER_CENT) * MICROCENTS_PER_CENT;
}

/**
 * 1_234_000_000n → "12.34", 615_384_615n → "6.15384615", -5_000_000n → "-0.05": the exact decimal USD
 * form of an amount (CSV, API docs), with two decimals at least and the rest only when not zero.
 */
export function microcentsToDecimal(microcents: bigint): string {
  const negative = microcents < 0n;
  const abs = negative ? -microcents : microcents;
  const fraction = (abs % MICROCENTS_PER_USD).toString().padStart(8, "0").replace(/0+$/, "").padEnd(2, "0");
  return `${negative ? "-" : ""}${abs / MICROCENTS_PER_USD}.${fraction}`;
}

/**
 * JSON text of `value`, with bigints (amounts in microcents) written as strings of digits: the form
 * the API, the live socket and the event bus carry them in (`microcentsSchema` reads it back).
 */
export function jsonText(value: unknown, space?: number): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === "bigint" ? v.toString() : v), space);
}
