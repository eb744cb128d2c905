import { CURRENCIES, type Currency, localizeDecimal } from "./currency.ts";
import { divideHalfEven, MICROCENTS_PER_CENT, MICROCENTS_PER_USD } from "./values.ts";
import { z } from "./zod.ts";

// ---------------------------------------------------------------------------------------------
// Amounts typed in the member's own currency (docs/product.md §4a). The member types e.g.
// "162500" IDR; the form sends it with the rate it showed; the server converts it into microcents
// (10⁻⁸ USD) at that rate and refuses the request when the rate has changed since. Exact BigInt
// arithmetic throughout: a rate is a decimal string with at most 8 decimals. A microcent is fine
// enough that the amount converted back at the same rate is the amount typed, at every rate up to
// 1,000,000 per USD: one microcent is then at most a hundredth of the typed currency.
// ---------------------------------------------------------------------------------------------

const RATE_DECIMALS = 8;
const RATE_SCALE = 10n ** BigInt(RATE_DECIMALS);
/** The largest amount any money field accepts, 1,000,000,000.00 USD (MAX_AMOUNT_MICROCENTS in wallet.ts). */
const MAX_USD_MICROCENTS = 1_000_000_000n * MICROCENTS_PER_USD;
/** A USD amount, "12.34" is 12.34 USD: how a USD member's amount and the back office's are read. */
export const USD_QUOTE: RateQuote = { currency: "USD", rate: "1" };

/** The one rounding rule, in the words the forms and the docs use. */
export const ROUNDING_RULE =
  "Converted to US dollars at the rate shown, to a millionth of a cent: the amount shown afterwards is the amount typed.";

const RATE_TEXT = /^\d{1,12}(\.\d{1,8})?$/;
/** A rate as typed or stored ("16250", "0.376"), scaled by 10^8; null when it is not one. */
function scaledRate(rate: string): bigint | null {
  const text = rate.trim();
  if (!RATE_TEXT.test(text)) return null;
  const [units = "0", fraction = ""] = text.split(".");
  return BigInt(units) * RATE_SCALE + BigInt(fraction.padEnd(RATE_DECIMALS, "0"));
}

/** True when two rate texts are the same number ("16250" and "16250.00" are). */
export function sameRate(a: string, b: string): boolean {
  const x = scaledRate(a);
  return x !== null && x === scaledRate(b);
}

/** What the form showed and the request carries: units of `currency` per 1 USD. */
export const rateQuoteSchema = z.object({
  currency: z.enum(CURRENCIES, { error: `One of ${CURRENCIES.join(", ")}` }),
  rate: z.string({ error: "The rate the form showed, e.g. 16250" }).check(
    z.trim(),
    z.regex(RATE_TEXT, "A decimal number above zero, at most 8 decimals"),
    z.refine((r) => (scaledRate(r) ?? 0n) > 0n, "A decimal number above zero, at most 8 decimals"),
  ),
});
export type RateQuote = z.infer<typeof rateQuoteSchema>;

/**
 * A typed amount in any currency: digits and up to 2 decimals ("162500", "162500.50"). 24 digits
 * are more than the largest amount at any rate (1,000,000,000.00 USD at 10^12 per USD has 22).
 */
const LOCAL_AMOUNT = /^\d{1,24}(\.\d{1,2})?$/;
/** "162500.5" → 16250050n: hundredths of a typed amount, exactly; null when it is not one. */
export function localHundredths(amount: string): bigint | null {
  const text = amount.trim();
  if (!LOCAL_AMOUNT.test(text)) return null;
  const [units = "0", fraction = ""] = text.split(".");
  return BigInt(units) * 100n + BigInt(fraction.padEnd(2, "0"));
}

/**
 * "162500" IDR at "16250" → 1_000_000_000n (10.00 USD in microcents), rounded to the nearest
 * microcent (ties to even); null when the amount or the rate is not valid. The server and the
 * form's preview both call this, so they agree to the microcent.
 */
export function localToUsdMicrocents(amount: string, rate: string): bigint | null {
  const hundredths = localHundredths(amount);
  const scaled = scaledRate(rate);
  if (hundredths === null || scaled === null || scaled === 0n) return null;
  return divideHalfEven(hundredths * MICROCENTS_PER_CENT * RATE_SCALE, scaled);
}

/**
 * Microcents → hundredths of the local currency at `rate`. A limit is shown rounded so that typing
 * it passes: a minimum `up`, a maximum `down`; anything else to the `nearest` (ties to even).
 */
export function usdMicrocentsToLocalHundredths(
  microcents: bigint,
  rate: string,
  rounding: "nearest" | "up" | "down" = "nearest",
): bigint {
  const scaled = scaledRate(rate);
  if (scaled === null) throw new RangeError(`not a rate: ${rate}`);
  const product = microcents * scaled;
  const scale = RATE_SCALE * MICROCENTS_PER_CENT;
  const negative = product < 0n;
  const abs = negative ? -product : product;
  const magnitude =
    rounding === "nearest"
      ? divideHalfEven(abs, scale)
      : (rounding === "up") !== negative
        ? (abs + scale - 1n) / scale
        : abs / scale;
  return negative ? -magnitude : magnitude;
}

/**
 * True when `balance` (microcents) shows at `rate` as exactly the amount `typed` ("185000"): a member
 * who types the balance the screen shows them means all of it, even when the typed amount comes to
 * a few microcents more (docs/product.md §4a). The server takes the whole balance then; forms let it through.
 */
export function typedShowsBalance(typed: string, rate: string, balance: bigint): boolean {
  const hundredths = localHundredths(typed);
  return hundredths !== null && balance > 0n && usdMicrocentsToLocalHundredths(balance, rate) === hundredths;
}

/** Hundredths of `currency` → "162,500.00 IDR" ("162.500,00 IDR" in `id`), exactly (grouped by thousands). */
export function formatLocalHundredths(hundredths: bigint, currency: Currency, locale?: string): string {
  const negative = hundredths < 0n;
  const abs = negative ? -hundredths : hundredths;
  const units = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const english = `${negative ? "-" : ""}${units}.${(abs % 100n).toString().padStart(2, "0")}`;
  return `${localizeDecimal(english, locale)} ${currency}`;
}

/** Hundredths of a currency → the decimal text an amount input takes ("162500.00"). */
export function localHundredthsToDecimal(hundredths: bigint): string {
  return `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, "0")}`;
}

/** "16,250 IDR per USD", "0.376 BHD per USD": a rate for people. */
export function formatRate({ currency, rate }: RateQuote): string {
  const [units = "0", fraction] = rate.trim().split(".");
  const grouped = BigInt(units)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const decimals = fraction?.replace(/0+$/, "");
  return `${grouped}${decimals ? `.${decimals}` : ""} ${currency} per USD`;
}

/**
 * "10.00 USD (162,500.00 IDR)": a USD amount with its local value, for limits and errors; only
 * "10.00 USD" for a USD member. `rounding` as in `usdMicrocentsToLocalHundredths`.
 */
export function usdWithLocal(microcents: bigint, quote: RateQuote, rounding: "nearest" | "up" | "down" = "nearest") {
  const usd = formatLocalHundredths(usdMicrocentsToLocalHundredths(microcents, "1", rounding), "USD");
  if (quote.currency === "USD") return usd;
  return `${usd} (${formatLocalHundredths(usdMicrocentsToLocalHundredths(microcents, quote.rate, rounding), quote.currency)})`;
}

/** The words of every amount field, in the forms and in the server's answers (docs/product.md §4a). */
export const AMOUNT_MESSAGES = {
  empty: "Enter an amount",
  negative: "Cannot be negative",
  decimals: "At most 2 decimals",
  format: "Enter an amount like 12.34",
  zero: "Must be more than zero",
} as const;

/** What can be wrong with a typed amount: its text (`AMOUNT_MESSAGES`), or its USD value at a rate. */
export type AmountProblemKind = keyof typeof AMOUNT_MESSAGES | "belowCent" | "tooLarge";

/**
 * "At most 1,000,000,000.00 USD (16,250,000,000,000.00 IDR)": the largest amount any field takes,
 * in USD and at `quote` (rounded down, so typing it passes); "At most 1,000,000,000.00 USD" in USD.
 */
export function maxAmountMessage(quote: RateQuote = USD_QUOTE): string {
  return `At most ${usdWithLocal(MAX_USD_MICROCENTS, quote, "down")}`;
}

/**
 * What is wrong with an amount typed at `quote`, in the words every amount field uses, or null:
 * empty, a sign, a third decimal, not a number ("Enter an amount like 12.34"), zero; then, at the
 * rate, less than a cent or more than the largest amount ("At most 1,000,000,000.00 USD", with
 * the local value). Without a quote only the text is checked. The one check of a typed amount:
 * the shared schemas (so the server's answers) and the web's `amountProblem` both call it.
 */
export function typedAmountProblem(
  text: string,
  quote: RateQuote | null,
): { kind: AmountProblemKind; message: string } | null {
  const trimmed = text.trim();
  const problem = (kind: keyof typeof AMOUNT_MESSAGES) => ({ kind, message: AMOUNT_MESSAGES[kind] });
  if (!trimmed) return problem("empty");
  if (/^-\s*(\d+(\.\d*)?|\.\d+)$/.test(trimmed)) return problem("negative");
  if (/^\d+\.\d{3,}$/.test(trimmed)) return problem("decimals");
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return problem("format");
  const hundredths = localHundredths(trimmed);
  if (hundredths === 0n) return problem("zero");
  const scaled = quote ? scaledRate(quote.rate) : null;
  if (!quote || scaled === null || scaled === 0n) return null;
  // More digits than any amount at any rate: past the largest without converting them.
  const microcents = hundredths === null ? null : divideHalfEven(hundredths * MICROCENTS_PER_CENT * RATE_SCALE, scaled);
  if (microcents === null || microcents > MAX_USD_MICROCENTS)
    return { kind: "tooLarge", message: maxAmountMessage(quote) };
  if (microcents < MICROCENTS_PER_CENT)
    return { kind: "belowCent", message: `Less than 0.01 USD at ${formatRate(quote)}` };
  return null;
}

/** The check of a typed amount at `quote` for a zod schema (null: the text only). */
export function refineTypedAmount(quote: RateQuote | null, path: string[] = []) {
  return (text: string, ctx: z.core.$RefinementCtx) => {
    const problem = typedAmountProblem(text, quote);
    // A fresh array each time: zod prefixes an issue's path in place as it goes up through objects
    // (zod/mini's objects always do), which would otherwise grow `path` on every parse.
    if (problem) ctx.addIssue({ code: "custom", path: [...path], message: problem.message });
  };
}

/**
 * `{ amount, currency, rate }`: an amount typed in `currency`, with the rate the form showed. The
 * amount must come to at least 1 cent and at most the largest amount at that rate.
 */
export const localAmountSchema = z
  .extend(rateQuoteSchema, {
    amount: z.string({ error: AMOUNT_MESSAGES.empty }).check(z.trim(), z.superRefine(refineTypedAmount(null))),
  })
  .check(
    z.superRefine((value, ctx) => {
      // What only the rate tells: less than a cent, or past the largest amount (the text is checked above).
      const problem = typedAmountProblem(value.amount, value);
      if (problem?.kind === "belowCent" || problem?.kind === "tooLarge")
        ctx.addIssue({ code: "custom", path: ["amount"], message: problem.message });
    }),
  );
export type LocalAmount = z.infer<typeof localAmountSchema>;

/**
 * An amount as the member typed it in their currency, kept on the invoice or withdrawal it made:
 * `amount` exactly as typed with two decimals ("500000.00"), `currency`, and `rate` as the rates are
 * stored (units per 1 USD, "16250") at the time. The microcents beside it are this amount at this rate.
 */
export const typedLocalSchema = z.object({
  amount: z.string(),
  currency: z.enum(CURRENCIES),
  rate: z.string(),
});
export type TypedLocal = z.infer<typeof typedLocalSchema>;
