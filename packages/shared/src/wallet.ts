import {
  divideHalfEven,
  fromCents,
  jsonText,
  MICROCENTS_PER_CENT,
  MICROCENTS_PER_USD,
  microcentsToDecimal,
  roundToCent,
  toBig,
} from "./values.ts";
import { z } from "./zod.ts";

export {
  divideHalfEven,
  fromCents,
  jsonText,
  MICROCENTS_PER_CENT,
  MICROCENTS_PER_USD,
  microcentsToDecimal,
  roundToCent,
};

import { memberAccountSchema, transactionKindSchema } from "./ledger.ts";
import {
  AMOUNT_MESSAGES,
  type LocalAmount,
  localAmountSchema,
  localToUsdMicrocents,
  maxAmountMessage,
  type RateQuote,
  refineTypedAmount,
  USD_QUOTE,
} from "./local-amount.ts";
import { text } from "./text.ts";

// ---------------------------------------------------------------------------------------------
// Money arithmetic. Amounts are bigint microcents (10⁻⁸ USD); nothing here goes through floating point.
// ---------------------------------------------------------------------------------------------

/** The largest amount any money field accepts: 1,000,000,000.00 USD. */
export const MAX_AMOUNT_MICROCENTS = 1_000_000_000n * MICROCENTS_PER_USD;

/**
 * `amount × numerator ÷ denominator`, rounded once to a whole microcent with ties going to the even
 * neighbour (banker's rounding), computed exactly. E.g. a 1% fee on 12.50 USD is
 * `mulDivHalfEven(fromCents(1250), 100, 10_000)` = 0.125 USD exactly.
 */
export function mulDivHalfEven(amount: bigint, numerator: number | bigint, denominator: number | bigint): bigint {
  const d = toBig(denominator, "denominator");
  if (d <= 0n) throw new RangeError("denominator must be positive");
  return divideHalfEven(amount * toBig(numerator, "numerator"), d);
}

/** A positive decimal amount as typed, e.g. "12", "12.3", "12.34" (at most 2 decimals, no sign, no exponent). */
export const DECIMAL_AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;

/** "12.34" → 1_234_000_000n, exactly (no floating point); null when the text is not a valid amount. */
export function parseDecimalToMicrocents(text: string): bigint | null {
  const trimmed = text.trim();
  if (!DECIMAL_AMOUNT.test(trimmed)) return null;
  const [units = "0", fraction = ""] = trimmed.split(".");
  return (BigInt(units) * 100n + BigInt(fraction.padEnd(2, "0"))) * MICROCENTS_PER_CENT;
}

const INTEGER_TEXT = /^-?\d{1,20}$/;
/**
 * An amount in microcents as the API carries it: a JSON string of digits ("1234000000"), since
 * amounts pass 2⁵³; read as a bigint. A request may also give a JSON integer within 2⁵³.
 */
export const microcentsSchema = z.codec(
  z.union([z.string().check(z.regex(INTEGER_TEXT, "Whole microcents, as digits")), z.int("Whole microcents")], {
    // What a value that is neither (12.5, null) is told, rather than zod's "Invalid input".
    error: "Whole microcents, as digits",
  }),
  z.bigint(),
  { decode: (value) => BigInt(value), encode: (value) => value.toString() },
);

export const amountMicrocentsSchema = microcentsSchema.check(
  z.refine((v) => v > 0n, AMOUNT_MESSAGES.zero),
  z.refine((v) => v <= MAX_AMOUNT_MICROCENTS, maxAmountMessage()),
);

/**
 * The decimal form a member types: "12.34" USD. Checked as every typed amount is
 * (`typedAmountProblem`, at 1 USD per USD), read with `amountMicrocentsOf`.
 */
export const decimalAmountSchema = z.string().check(z.trim(), z.superRefine(refineTypedAmount(USD_QUOTE)));

/**
 * How a request names an amount, exactly one of:
 * - `amountMicrocents`: whole microcents (10⁻⁸ USD), e.g. "1234000000" for 12.34 USD;
 * - `amount`: a USD decimal string, e.g. "12.34";
 * - `local`: an amount typed in the member's currency with the rate the form showed,
 *   e.g. `{ amount: "162500", currency: "IDR", rate: "16250" }` (see local-amount.ts).
 * Read it with `amountMicrocentsOf`, name it in errors with `amountFieldOf`.
 */
export const amountInputShape = {
  amountMicrocents: z.optional(amountMicrocentsSchema),
  amount: z.optional(decimalAmountSchema),
  local: z.optional(localAmountSchema),
};
type AmountInputValue = { amountMicrocents?: bigint; amount?: string; local?: LocalAmount };
export function refineOneAmount(value: AmountInputValue, ctx: z.core.$RefinementCtx) {
  const given = [value.amountMicrocents, value.amount, value.local].filter((v) => v !== undefined).length;
  if (given === 0) {
    ctx.addIssue({ code: "custom", path: ["amount"], message: "Enter an amount" });
  } else if (given > 1) {
    ctx.addIssue({ code: "custom", path: ["amount"], message: "Give one of amount, amountMicrocents or local" });
  }
}
export const amountInputSchema = z.object(amountInputShape).check(z.superRefine(refineOneAmount));
export type AmountInput = z.input<typeof amountInputSchema>;
/**
 * The amount in microcents. A `local` amount is converted at the rate it carries (`localToUsdMicrocents`):
 * the same request always means the same amount, so a replay under its Idempotency-Key matches; the
 * service checks that rate against the current one (`quoteOf`) before it moves new money.
 */
export function amountMicrocentsOf(value: AmountInputValue): bigint {
  if (value.amountMicrocents !== undefined) return value.amountMicrocents;
  // A USD amount is a local amount at 1 USD per USD (whatever leading zeros its schema let through).
  const local = value.local ?? (value.amount === undefined ? undefined : { amount: value.amount, rate: "1" });
  const microcents = local === undefined ? null : localToUsdMicrocents(local.amount, local.rate);
  if (microcents === null) throw new RangeError("no valid amount");
  return microcents;
}
/** The request field that holds the amount, for errors: "amountMicrocents", "amount" or "local.amount". */
export function amountFieldOf(value: AmountInputValue): string {
  return value.amountMicrocents !== undefined
    ? "amountMicrocents"
    : value.local !== undefined
      ? "local.amount"
      : "amount";
}
/** The rate a `local` amount was typed at, or null for an amount in USD. */
export function quoteOf(value: AmountInputValue): RateQuote | null {
  return value.local ? { currency: value.local.currency, rate: value.local.rate } : null;
}

// ---------------------------------------------------------------------------------------------
// Shared pieces of the money API.
// ---------------------------------------------------------------------------------------------

export const pageQueryShape = {
  page: z._default(z.coerce.number().check(z.int(), z.gte(1)), 1),
  pageSize: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 20),
};
export const pagedShape = { total: z.int(), page: z.int(), pageSize: z.int() };

/** A short note from an admin (a rejection, an adjustment). */
export const reasonSchema = text({ multiline: true }).check(
  z.trim(),
  z.minLength(3, "At least 3 characters"),
  z.maxLength(500, "At most 500 characters"),
);
export const reasonBodySchema = z.object({ reason: reasonSchema });

/** Who a back-office row belongs to. */
export const memberRefSchema = z.object({
  uid: z.string(),
  fullName: z.string(),
  userName: z.string(),
  email: z.string(),
});
export type MemberRef = z.infer<typeof memberRefSchema>;

/** An uploaded private file, downloadable through `url` by its owner and admins only. */
export const privateFileSchema = z.object({
  url: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.int(),
  uploadedAt: z.string(),
});
export type PrivateFile = z.infer<typeof privateFileSchema>;

/** Uploaded proofs and documents: at most 10 MB, checked by content. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/** The header money endpoints read; a repeated key returns the first result and moves nothing. */
export const IDEMPOTENCY_HEADER = "idempotency-key";
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,100}$/;

// ---------------------------------------------------------------------------------------------
// Wallet.
// ---------------------------------------------------------------------------------------------

const microcents = microcentsSchema;
/** Every member account's balance in microcents. */
export const walletBalancesSchema = z.object({
  wallet: microcents,
  demo: microcents,
  profit: microcents,
  bonus: microcents,
  withdrawal_hold: microcents,
});
export type WalletBalances = z.infer<typeof walletBalancesSchema>;

/** One ledger entry on one of the member's accounts. */
export const walletEntrySchema = z.object({
  id: z.int(),
  transactionId: z.string(),
  kind: transactionKindSchema,
  account: memberAccountSchema,
  /** Positive: money in; negative: money out. */
  amountMicrocents: microcents,
  balanceAfterMicrocents: microcents,
  reference: z.nullable(z.object({ type: z.string(), id: z.string() })),
  memo: z.nullable(z.string()),
  createdAt: z.string(),
});
export type WalletEntry = z.infer<typeof walletEntrySchema>;

/** "2025-01-31" (a whole UTC day) or a full ISO date-time with offset. */
const dayOrInstant = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: "A date (YYYY-MM-DD) or an ISO date-time",
});
export const walletHistoryFilterShape = {
  kind: z.optional(transactionKindSchema),
  account: z.optional(memberAccountSchema),
  /** Inclusive. A date means from 00:00 UTC that day. */
  from: z.optional(dayOrInstant),
  /** Inclusive. A date means to the end of that day (UTC). */
  to: z.optional(dayOrInstant),
};
export const walletHistoryQuerySchema = z.object({ ...walletHistoryFilterShape, ...pageQueryShape });
export type WalletHistoryQuery = z.input<typeof walletHistoryQuerySchema>;
export const walletHistoryCsvQuerySchema = z.object(walletHistoryFilterShape);
export const walletHistoryResponseSchema = z.object({ items: z.array(walletEntrySchema), ...pagedShape });
export type WalletHistoryResponse = z.infer<typeof walletHistoryResponseSchema>;

export const demoResetResponseSchema = z.object({
  /** null when demo already held exactly 10,000.00 and nothing moved. */
  transactionId: z.nullable(z.string()),
  demoMicrocents: microcents,
  replayed: z.boolean(),
});
export type DemoResetResponse = z.infer<typeof demoResetResponseSchema>;

/** Columns of the CSV export, in order; amounts in USD, the ledger's currency, as the names say. */
export const WALLET_CSV_COLUMNS = [
  "date",
  "kind",
  "account",
  "amount_usd",
  "balance_after_usd",
  "reference_type",
  "reference_id",
  "transaction_id",
  "memo",
] as const;
