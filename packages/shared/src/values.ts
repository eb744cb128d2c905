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

export const toBig = (value: number | bigint, what: string): bigint => {
  if (typeof value === "bigint") return value;
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be a safe integer, got ${value}`);
  return BigInt(value);
};

/** 1234 → "12.34", -5 → "-0.05": the exact decimal form of an amount in cents (CSV, inputs). */
export function centsToDecimal(cents: number | bigint): string {
  const value = toBig(cents, "cents");
  const negative = value < 0n;
  const abs = negative ? -value : value;
  return `${negative ? "-" : ""}${abs / 100n}.${(abs % 100n).toString().padStart(2, "0")}`;
}
