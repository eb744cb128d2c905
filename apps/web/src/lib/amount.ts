import {
  centsToDecimal,
  decimalAmountSchema,
  formatRate,
  type LocalAmount,
  localAmountSchema,
  localHundredthsToDecimal,
  localToUsdCents,
  MAX_AMOUNT_CENTS,
  parseDecimalToCents,
  type RateQuote,
  usdCentsToLocalHundredths,
  usdWithLocal,
} from "@helio/shared";
import { z } from "zod";

/**
 * The one check of a typed amount. A member types in their own currency at `quote` (a USD member
 * at `USD_QUOTE`: "12.34" USD, as the back office always does); the format is the shared schema's
 * (what the server checks), then the form's limits in USD cents, compared after the exact
 * conversion the server does (`localToUsdCents`), in this order: minimum, maximum, `check` (e.g.
 * the fee), balance. Forms that word a problem differently say so in `messages`.
 */

/** A USD amount: "12.34" is 1234 cents. */
export const USD_QUOTE: RateQuote = { currency: "USD", rate: "1" };

/** What the format check can find wrong, in the order it looks. */
export type AmountFormatProblem = "empty" | "negative" | "decimals" | "format" | "zero" | "tooLarge";

/** The shared schemas' messages and what each means (their words are the defaults here). */
const SHARED_PROBLEMS: Record<string, AmountFormatProblem> = {
  "Cannot be negative": "negative",
  "At most 2 decimals": "decimals",
  "Enter an amount like 12.34": "format",
  "Enter an amount like 1250.50": "format",
  "Must be more than zero": "zero",
  "Too large": "tooLarge",
};

export interface AmountLimit {
  cents: number;
  /** What to say when the amount is past it; see `AmountRules` for the defaults. */
  message?: string;
}

export interface AmountRules {
  /** Default message: `At least 10.00 USD (162,500.00 IDR)` (`minimumText`). */
  min?: AmountLimit;
  /** Default message: `At most 10,000.00 USD (162,500,000.00 IDR)` (`maximumText`). */
  max?: AmountLimit;
  /** Another check of an amount within the limits (a fee it must cover…): a message or null. */
  check?: (cents: number) => string | null;
  /** What the member holds. Default message: `More than your wallet balance`. */
  balance?: AmountLimit;
  /**
   * Other words for a format problem; `invalid` stands for empty, negative, decimals and format
   * at once (a specific key wins). Empty defaults to `Enter an amount`, the others to the shared
   * schema's words. A number above the largest amount gets the first limit it is past, else `tooLarge`.
   */
  messages?: Partial<Record<AmountFormatProblem | "invalid", string>>;
}

/**
 * A minimum for people, in USD and the member's currency: "10.00 USD (162,500.00 IDR)", the local
 * part rounded up so that typing it passes (USD alone while the rate is unknown).
 */
export const minimumText = (cents: number, quote: RateQuote | null) => usdWithLocal(cents, quote ?? USD_QUOTE, "up");
/** A maximum for people, like `minimumText`, the local part rounded down so that typing it passes. */
export const maximumText = (cents: number, quote: RateQuote | null) => usdWithLocal(cents, quote ?? USD_QUOTE, "down");

/** The format of a typed amount: USD as the server reads `amount`, any other currency as `local.amount`. */
const localAmountText = localAmountSchema.shape.amount;

function formatProblem(text: string, quote: RateQuote | null): { kind: AmountFormatProblem; message: string } | null {
  if (!text) return { kind: "empty", message: "Enter an amount" };
  const result = (quote?.currency === "USD" ? decimalAmountSchema : localAmountText).safeParse(text);
  if (result.success) return null;
  const message = result.error.issues[0]?.message ?? "Enter an amount like 12.34";
  return { kind: SHARED_PROBLEMS[message] ?? "format", message };
}

/** USD cents of a well-formed `text` at `quote` (null while the rate is unknown, or past any number). */
function centsAt(text: string, quote: RateQuote | null): number | null {
  if (!quote) return null;
  return quote.currency === "USD" ? parseDecimalToCents(text) : localToUsdCents(text, quote.rate);
}

/**
 * Why `text`, typed at `quote`, cannot be sent under `rules`, or null (the server checks again).
 * While the rate is unknown (`quote` null) only the format is checked: the form cannot send yet.
 */
export function amountProblem(text: string, rules: AmountRules = {}, quote: RateQuote | null = USD_QUOTE) {
  const trimmed = text.trim();
  const format = formatProblem(trimmed, quote);
  const words = rules.messages ?? {};
  if (format && format.kind !== "tooLarge") {
    const general = format.kind === "zero" ? undefined : words.invalid;
    return words[format.kind] ?? general ?? format.message;
  }
  if (!quote) return null;
  // Past the largest safe number: larger than any limit.
  const cents = centsAt(trimmed, quote) ?? Number.MAX_SAFE_INTEGER;
  const { min, max, balance } = rules;
  if (min && cents < min.cents) return min.message ?? `At least ${minimumText(min.cents, quote)}`;
  // A local amount can be above zero and still under half a cent: the server refuses it too.
  if (cents < 1) return `Less than 0.01 USD at ${formatRate(quote)}`;
  if (max && cents > max.cents) return max.message ?? `At most ${maximumText(max.cents, quote)}`;
  const other = rules.check?.(cents) ?? null;
  if (other) return other;
  if (balance && cents > balance.cents) return balance.message ?? "More than your wallet balance";
  return format || cents > MAX_AMOUNT_CENTS ? (words.tooLarge ?? "Too large") : null;
}

/** The USD cents of `text` at `quote` when it passes `rules`, else null (for what will be sent). */
export function validAmountCents(text: string, rules: AmountRules = {}, quote: RateQuote | null = USD_QUOTE) {
  return quote && !amountProblem(text, rules, quote) ? centsAt(text.trim(), quote) : null;
}

/** The USD cents of a well-formed `text` at `quote`, whatever the limits (a fee preview), else null. */
export function typedAmountCents(text: string, quote: RateQuote | null): number | null {
  const trimmed = text.trim();
  return formatProblem(trimmed, quote) ? null : centsAt(trimmed, quote);
}

/** The zod schema of an amount input: the trimmed text, refused with `amountProblem`'s message. */
export function amountSchema(rules: AmountRules = {}, quote: RateQuote | null = USD_QUOTE) {
  return z
    .string()
    .trim()
    .superRefine((text, ctx) => {
      const problem = amountProblem(text, rules, quote);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    });
}

/** A form of one amount, `{ amount: "12.34" }` (deposit, investment, fund move). */
export function amountFormSchema(rules: AmountRules = {}, quote: RateQuote | null = USD_QUOTE) {
  return z.object({ amount: amountSchema(rules, quote) });
}

/** How a request names a typed amount: USD as `amount`, any other currency as `local` with its rate. */
export type AmountRequest = { amount: string } | { local: LocalAmount };

/**
 * The request's amount: `{ amount: "12.34" }` for a USD member, else `{ local: { amount, currency,
 * rate } }` with the quote the form showed, which the server refuses (RATE_CHANGED) once stale.
 * The forms keep their submit disabled until the rate is known; this refuses it all the same.
 */
export function amountRequest(text: string, quote: RateQuote | null): AmountRequest {
  if (!quote) throw new Error("The exchange rate is still loading. Try again in a moment.");
  const amount = text.trim();
  return quote.currency === "USD" ? { amount } : { local: { amount, currency: quote.currency, rate: quote.rate } };
}

/** USD cents as an amount input takes them at `quote`: 1000 → "10.00" USD, "162500.00" IDR at 16250. */
export function amountInputText(cents: number, quote: RateQuote, rounding: "nearest" | "down" = "nearest") {
  if (quote.currency === "USD") return centsToDecimal(cents);
  return localHundredthsToDecimal(usdCentsToLocalHundredths(cents, quote.rate, rounding));
}
