import {
  type AMOUNT_MESSAGES,
  type AmountProblemKind,
  formatLocalHundredths,
  formatMoney,
  type LocalAmount,
  localHundredths,
  localHundredthsToDecimal,
  localizeDecimal,
  localToUsdMicrocents,
  MAX_AMOUNT_MICROCENTS,
  type RateQuote,
  typedAmountProblem,
  typedShowsBalance,
  USD_QUOTE,
  usdMicrocentsToLocalHundredths,
} from "@helio/shared";
import { z } from "@helio/shared/zod";
import { t } from "@lingui/core/macro";
import { activeLocale } from "./i18n.ts";
import { leftToRight } from "./left-to-right.ts";

/**
 * The one check of a typed amount. A member types in their own currency at `quote` (a USD member
 * at `USD_QUOTE`: "12.34" USD, as the back office always does); the text and the largest amount
 * are checked by the shared `typedAmountProblem`, in the words the server answers with, then the
 * form's limits in microcents (10⁻⁸ USD), compared after the exact conversion the server does
 * (`localToUsdMicrocents`), in this order: minimum, maximum, `check` (e.g. the fee), balance.
 */

/** What the text of an amount can have wrong (`typedAmountProblem`), in the shared words by default. */
export type AmountFormatProblem = keyof typeof AMOUNT_MESSAGES;

export interface AmountLimit {
  /** The limit in microcents. */
  microcents: bigint;
  /** What to say when the amount is past it; see `AmountRules` for the defaults. */
  message?: string;
}

export interface AmountRules {
  /** Default message: `At least 10.00 USD (162,500.00 IDR)` (`minimumText`). */
  min?: AmountLimit;
  /** Default message: `At most 10,000.00 USD (162,500,000.00 IDR)` (`maximumText`). */
  max?: AmountLimit;
  /** Another check of an amount within the limits (a fee it must cover…): a message or null. */
  check?: (microcents: bigint) => string | null;
  /** What the member holds. Default message: `More than your wallet balance`. */
  balance?: AmountLimit;
  /**
   * Other words for what is wrong with the text, for the back office's settings editors, which
   * name the field ("Minimum stake: an amount like 1.00"); `invalid` stands for all but zero at
   * once (a specific key wins). Members' amount fields keep the shared words (`AMOUNT_MESSAGES`);
   * zero is the minimum's message when there is one. A number past the largest amount is always
   * "At most 1,000,000,000.00 USD (…)", unless a limit of the form comes first.
   */
  messages?: Partial<Record<AmountFormatProblem | "invalid", string>>;
}

/**
 * A minimum for people, in USD and the member's currency: "10.00 USD (162,500.00 IDR)", each part
 * rounded up to the hundredth so that typing it passes (USD alone while the rate is unknown).
 */
export const minimumText = (microcents: bigint, quote: RateQuote | null) =>
  usdWithLocalText(microcents, quote ?? USD_QUOTE, "up");
/** A maximum for people, like `minimumText`, both parts rounded down so that typing either passes. */
export const maximumText = (microcents: bigint, quote: RateQuote | null) =>
  usdWithLocalText(microcents, quote ?? USD_QUOTE, "down");

/**
 * "10.00 USD (162,500.00 IDR)" in the member's separators ("10,00 USD (162.500,00 IDR)" in `id`):
 * the shared `usdWithLocal`, written in the active language: both parts to the hundredth, by `rounding`.
 */
export function usdWithLocalText(
  microcents: bigint,
  quote: RateQuote,
  rounding: "nearest" | "up" | "down" = "nearest",
) {
  const locale = activeLocale();
  const usd = formatLocalHundredths(
    usdMicrocentsToLocalHundredths(microcents, USD_QUOTE.rate, rounding),
    "USD",
    locale,
  );
  if (quote.currency === "USD") return leftToRight(usd);
  const local = formatLocalHundredths(
    usdMicrocentsToLocalHundredths(microcents, quote.rate, rounding),
    quote.currency,
    locale,
  );
  return `${leftToRight(usd)} (${leftToRight(local)})`;
}

/** `At least 10.00 USD (162,500.00 IDR)`, in the member's words. */
export const atLeastText = (microcents: bigint, quote: RateQuote | null) => {
  const minimum = minimumText(microcents, quote);
  return t`At least ${minimum}`;
};

/** `At most 10,000.00 USD (162,500,000.00 IDR)`, in the member's words. */
export const atMostText = (microcents: bigint, quote: RateQuote | null) => {
  const maximum = maximumText(microcents, quote);
  return t`At most ${maximum}`;
};

/**
 * What the shared check (`typedAmountProblem`) says, in the member's words: the text's problems
 * (`AMOUNT_MESSAGES`), less than a cent at the rate, past the largest amount.
 */
function problemWords(kind: AmountProblemKind, quote: RateQuote | null): string {
  switch (kind) {
    case "empty":
      return t`Enter an amount`;
    case "negative":
      return t`Cannot be negative`;
    case "decimals":
      return t`At most 2 decimals`;
    case "format":
      return t`Enter an amount like 12.34`;
    case "zero":
      return t`Must be more than zero`;
    case "tooLarge":
      return atMostText(MAX_AMOUNT_MICROCENTS, quote);
    case "belowCent": {
      const rate = quote ? formatRateText(quote) : "";
      return t`Less than 0.01 USD at ${rate}`;
    }
  }
}

/** "16,250 IDR per USD", in the member's words and separators. */
export function formatRateText({ currency, rate }: RateQuote): string {
  const [units = "0", fraction] = rate.trim().split(".");
  const decimals = fraction?.replace(/0+$/, "") ?? "";
  const grouped = BigInt(units)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const amount = leftToRight(localizeDecimal(`${grouped}${decimals ? `.${decimals}` : ""}`, activeLocale()));
  return t`${amount} ${currency} per USD`;
}

/**
 * "From 100.00 USD (1,625,000.00 IDR) to 1,000.00 USD (16,250,000.00 IDR)": a form's limits as its
 * hint names them (`minimumText`, `maximumText`), and wherever else they are shown to the member.
 */
export const amountRangeText = (minMicrocents: bigint, maxMicrocents: bigint, quote: RateQuote | null) => {
  const minimum = minimumText(minMicrocents, quote);
  const maximum = maximumText(maxMicrocents, quote);
  return t`From ${minimum} to ${maximum}`;
};

/** Microcents of a well-formed `text` at `quote` (USD at 1), null while the rate is unknown. */
function microcentsAt(text: string, quote: RateQuote | null): bigint | null {
  return quote ? localToUsdMicrocents(text, quote.rate) : null;
}

/**
 * Why `text`, typed at `quote`, cannot be sent under `rules`, or null (the server checks again).
 * While the rate is unknown (`quote` null) only the format is checked: the form cannot send yet.
 */
export function amountProblem(text: string, rules: AmountRules = {}, quote: RateQuote | null = USD_QUOTE) {
  const trimmed = text.trim();
  const problem = typedAmountProblem(trimmed, quote);
  const words = rules.messages ?? {};
  const { min, max, balance } = rules;
  const minimum = min ? (min.message ?? atLeastText(min.microcents, quote)) : null;
  if (problem && problem.kind !== "tooLarge" && problem.kind !== "belowCent") {
    // Zero is below the minimum, and said so.
    if (problem.kind === "zero") return words.zero ?? minimum ?? problemWords(problem.kind, quote);
    return words[problem.kind] ?? words.invalid ?? problemWords(problem.kind, quote);
  }
  if (!quote) return null;
  // Past the largest amount: larger than any limit (even with more digits than an amount can have).
  const microcents = problem?.kind === "tooLarge" ? MAX_AMOUNT_MICROCENTS + 1n : (microcentsAt(trimmed, quote) ?? 0n);
  if (min && microcents < min.microcents) return minimum;
  // A local amount can be above zero and still under a cent: the server refuses it too.
  if (problem?.kind === "belowCent") return problemWords(problem.kind, quote);
  if (max && microcents > max.microcents) return max.message ?? atMostText(max.microcents, quote);
  // "At most 1,000,000,000.00 USD (16,250,000,000,000.00 IDR)", whatever else the form checks.
  if (problem?.kind === "tooLarge") return problemWords(problem.kind, quote);
  const other = rules.check?.(microcents) ?? null;
  if (other) return other;
  // The balance as shown, typed, is all of it (the server takes exactly the balance).
  if (balance && microcents > balance.microcents && !typedShowsBalance(trimmed, quote.rate, balance.microcents))
    return balance.message ?? t`More than your wallet balance`;
  return null;
}

/** The microcents of `text` at `quote` when it passes `rules`, else null (for what will be sent). */
export function validAmountMicrocents(text: string, rules: AmountRules = {}, quote: RateQuote | null = USD_QUOTE) {
  return quote && !amountProblem(text, rules, quote) ? microcentsAt(text.trim(), quote) : null;
}

/** The microcents of a well-formed `text` at `quote`, whatever the limits (a fee preview), else null. */
export function typedAmountMicrocents(text: string, quote: RateQuote | null): bigint | null {
  const trimmed = text.trim();
  const problem = typedAmountProblem(trimmed, quote);
  return problem && problem.kind !== "belowCent" ? null : microcentsAt(trimmed, quote);
}

/**
 * "Rounded to 30,000.00 IDR (0.01 USD): amounts are kept in millionths of a US cent.": what the
 * member is told when the microcents an amount typed at `quote` is held in (`localToUsdMicrocents`,
 * the rule of docs/product.md §4a) come back to another amount in their currency than the one
 * typed. Only at a rate above 1,000,000 per USD, where a microcent is more than a hundredth of the
 * currency: below it every amount comes back as typed. Null for a USD amount, an amount that
 * converts back exactly (to the hundredth shown), and text that is not an amount.
 */
export function roundedAmountNote(text: string, quote: RateQuote | null): string | null {
  if (!quote || quote.currency === "USD") return null;
  const typed = localHundredths(text);
  const microcents = typedAmountMicrocents(text, quote);
  if (typed === null || microcents === null || microcents <= 0n) return null;
  const held = usdMicrocentsToLocalHundredths(microcents, quote.rate);
  if (held === typed) return null;
  const locale = activeLocale();
  const usd = leftToRight(formatMoney(microcents, "USD", 1, locale));
  const rounded = leftToRight(formatLocalHundredths(held, quote.currency, locale));
  return t`Rounded to ${rounded} (${usd}): amounts are kept in millionths of a US cent.`;
}

/** The zod schema of an amount input: the trimmed text, refused with `amountProblem`'s message. */
export function amountSchema(rules: AmountRules = {}, quote: RateQuote | null = USD_QUOTE) {
  return z.string().check(
    z.trim(),
    z.superRefine((text, ctx) => {
      const problem = amountProblem(text, rules, quote);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
  );
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
  if (!quote) throw new Error(t`The exchange rate is still loading. Try again in a moment.`);
  const amount = text.trim();
  return quote.currency === "USD" ? { amount } : { local: { amount, currency: quote.currency, rate: quote.rate } };
}

/**
 * Microcents as an amount input takes them at `quote`, two decimals: 10.00 USD → "10.00" USD,
 * "162500.00" IDR at 16250. `down` for an amount the typed one must not pass (a balance): typing
 * the text then never asks for more than there is.
 */
export function amountInputText(microcents: bigint, quote: RateQuote, rounding: "nearest" | "down" = "nearest") {
  return localHundredthsToDecimal(usdMicrocentsToLocalHundredths(microcents, quote.rate, rounding));
}
