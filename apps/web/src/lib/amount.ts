import { decimalAmountSchema, formatMoney, parseDecimalToCents } from "@helio/shared";
import { z } from "zod";

/**
 * The one check of a typed USD amount ("12.34"). The format is the shared `decimalAmountSchema`
 * (what the server checks); then the form's limits, in this order: minimum, maximum, `check`
 * (e.g. the fee), balance. Forms that word a problem differently say so in `messages`.
 */

/** What the format check can find wrong, in the order it looks. */
export type AmountFormatProblem = "empty" | "negative" | "decimals" | "format" | "zero" | "tooLarge";

/** The shared schema's messages and what each means (its words are the defaults here). */
const SHARED_PROBLEMS: Record<string, AmountFormatProblem> = {
  "Cannot be negative": "negative",
  "At most 2 decimals": "decimals",
  "Enter an amount like 12.34": "format",
  "Must be more than zero": "zero",
  "Too large": "tooLarge",
};

export interface AmountLimit {
  cents: number;
  /** What to say when the amount is past it; see `AmountRules` for the defaults. */
  message?: string;
}

export interface AmountRules {
  /** Default message: `At least 10.00 USD`. */
  min?: AmountLimit;
  /** Default message: `At most 10,000.00 USD`. */
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

const usd = (cents: number) => formatMoney(cents, "USD");

function formatProblem(text: string): { kind: AmountFormatProblem; message: string } | null {
  if (!text) return { kind: "empty", message: "Enter an amount" };
  const result = decimalAmountSchema.safeParse(text);
  if (result.success) return null;
  const message = result.error.issues[0]?.message ?? "Enter an amount like 12.34";
  return { kind: SHARED_PROBLEMS[message] ?? "format", message };
}

/** Why `text` cannot be sent as an amount under `rules`, or null (the server checks again). */
export function amountProblem(text: string, rules: AmountRules = {}): string | null {
  const trimmed = text.trim();
  const format = formatProblem(trimmed);
  const words = rules.messages ?? {};
  if (format && format.kind !== "tooLarge") {
    const general = format.kind === "zero" ? undefined : words.invalid;
    return words[format.kind] ?? general ?? format.message;
  }
  const cents = parseDecimalToCents(trimmed) ?? 0;
  const { min, max, balance } = rules;
  if (min && cents < min.cents) return min.message ?? `At least ${usd(min.cents)}`;
  if (max && cents > max.cents) return max.message ?? `At most ${usd(max.cents)}`;
  const other = rules.check?.(cents) ?? null;
  if (other) return other;
  if (balance && cents > balance.cents) return balance.message ?? "More than your wallet balance";
  return format ? (words.tooLarge ?? format.message) : null;
}

/** The cents of `text` when it passes `rules`, else null (for previews of what will be sent). */
export function validAmountCents(text: string, rules: AmountRules = {}): number | null {
  return amountProblem(text, rules) ? null : parseDecimalToCents(text.trim());
}

/** The zod schema of an amount input: the trimmed text, refused with `amountProblem`'s message. */
export function amountSchema(rules: AmountRules = {}) {
  return z
    .string()
    .trim()
    .superRefine((text, ctx) => {
      const problem = amountProblem(text, rules);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    });
}

/** A form of one amount, `{ amount: "12.34" }` (deposit, investment, fund move). */
export function amountFormSchema(rules: AmountRules = {}) {
  return z.object({ amount: amountSchema(rules) });
}
