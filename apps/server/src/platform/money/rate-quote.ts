import {
  amountFieldOf,
  amountMicrocentsOf,
  CURRENCIES,
  type Currency,
  currentQuote,
  formatRate,
  localHundredths,
  localHundredthsToDecimal,
  quoteOf,
  type RateQuote,
  type Settings,
  sameRate,
  typedShowsBalance,
  usdWithLocal,
} from "@helio/shared";
import { AppError, fieldError } from "../http/errors.ts";

/** 409 RATE_CHANGED: the rate a local amount was typed at is no longer in force; carries the new one. */
export class RateChanged extends AppError {
  readonly quote: RateQuote;
  constructor(quote: RateQuote, sent: RateQuote) {
    super(
      409,
      "RATE_CHANGED",
      `The rate changed from ${formatRate(sent)} to ${formatRate(quote)}. Check the amount in USD and send again.`,
    );
    this.quote = quote;
  }
}

/**
 * Refuses a local amount typed at a rate that is no longer the current one, so a member never
 * moves a different USD amount than the form showed. Called where new money moves (after the
 * idempotency lookup: a replay of a request already done answers as before).
 */
export function assertRateCurrent(quote: RateQuote | null, settings: Settings): void {
  if (!quote) return;
  const now = currentQuote(settings, quote.currency);
  if (!sameRate(quote.rate, now.rate)) throw new RateChanged(now, quote);
}

/**
 * "10.00 USD (162,500.00 IDR)": a limit or amount for an error message, in USD and in `currency`
 * at the current rate (a minimum rounded `up`, a maximum `down`, so typing it passes).
 */
export function usdAndLocal(
  microcents: bigint,
  currency: Currency,
  settings: Settings,
  rounding: "nearest" | "up" | "down" = "nearest",
): string {
  return usdWithLocal(microcents, currentQuote(settings, currency), rounding);
}

/**
 * Refuses an amount below `min` or above `max` (microcents) on the field that named it, with the
 * limit in USD and in the member's currency: "At least 10.00 USD (162,500.00 IDR)".
 */
export function assertAmountWithin(
  asked: Pick<AmountAsked, "amountMicrocents" | "field" | "currency">,
  limits: { min?: bigint; max?: bigint },
  settings: Settings,
): void {
  const { amountMicrocents, field, currency } = asked;
  if (limits.min !== undefined && amountMicrocents < limits.min)
    throw fieldError(field, `At least ${usdAndLocal(limits.min, currency, settings, "up")}`);
  if (limits.max !== undefined && amountMicrocents > limits.max)
    throw fieldError(field, `At most ${usdAndLocal(limits.max, currency, settings, "down")}`);
}

/** The member's display currency as stored (free text on the user row): a known one, else USD. */
export function displayCurrencyOf(stored: string | null | undefined): Currency {
  return (CURRENCIES as readonly string[]).includes(stored ?? "") ? (stored as Currency) : "USD";
}

/** A money request's amount as the services take it (from `amountAskedOf`). */
export type AmountAsked = {
  /** Microcents; a local amount converted at the rate it carries. */
  amountMicrocents: bigint;
  /** The request field that named it, for errors: "amountMicrocents", "amount" or "local.amount". */
  field: string;
  /** The rate a local amount was typed at, for `assertRateCurrent`; null for an amount in USD. */
  quote: RateQuote | null;
  /** The currency limits are named in: the quote's, else the member's display currency. */
  currency: Currency;
  /** A local amount exactly as typed, in hundredths of the quote's currency; null (or absent) for USD. */
  localHundredths?: bigint | null;
  /** The amount as the member typed it and the rate it was typed at ("1" for USD); null when sent in microcents. */
  typed?: { amount: string; rate: string } | null;
};

/** What a money record keeps of a local amount: the typed hundredths, the currency, the rate as stored. */
export type KeptLocal = { localAmount: bigint; localCurrency: Currency; localRate: string };

/**
 * The columns a new invoice or withdrawal keeps of the amount typed in a currency other than USD,
 * with the rate as the settings store it (checked current by `assertRateCurrent` before); none
 * (all null) for an amount in USD.
 */
export function keptLocalOf(
  asked: AmountAsked,
  settings: Settings,
): KeptLocal | { localAmount: null; localCurrency: null; localRate: null } {
  if (!asked.quote || asked.quote.currency === "USD" || asked.localHundredths == null)
    return { localAmount: null, localCurrency: null, localRate: null };
  return {
    localAmount: asked.localHundredths,
    localCurrency: asked.quote.currency,
    localRate: currentQuote(settings, asked.quote.currency).rate,
  };
}

/** A kept local amount as the API answers it ("500000.00", "IDR", "16250"); null when none was kept. */
export function typedLocalOf(row: {
  localAmount: bigint | null;
  localCurrency: string | null;
  localRate: string | null;
}): { amount: string; currency: Currency; rate: string } | null {
  if (row.localAmount === null || !row.localCurrency || !row.localRate) return null;
  return {
    amount: localHundredthsToDecimal(row.localAmount),
    currency: displayCurrencyOf(row.localCurrency),
    rate: row.localRate,
  };
}

/** Reads the amount of a request body built on `amountInputShape`, for the member asking. */
export function amountAskedOf(
  body: Parameters<typeof amountMicrocentsOf>[0],
  memberCurrency: string | null | undefined,
): AmountAsked {
  const quote = quoteOf(body);
  return {
    amountMicrocents: amountMicrocentsOf(body),
    field: amountFieldOf(body),
    quote,
    currency: quote?.currency ?? displayCurrencyOf(memberCurrency),
    localHundredths: body.local ? localHundredths(body.local.amount) : null,
    typed: body.local ?? (body.amount === undefined ? null : { amount: body.amount, rate: "1" }),
  };
}

/**
 * What a money request takes from `balance`: the amount asked, or the whole balance when the member
 * typed the balance as the screen shows it. A balance need not be a whole number of hundredths in
 * the member's currency (a payout of 185 % of a stake, a rate changed since), so the amount typed
 * can come to a few microcents more than it while showing the same: that means "all of it". An
 * amount sent in microcents is taken as it is.
 */
export function takenFrom(asked: AmountAsked, balance: bigint): bigint {
  if (asked.amountMicrocents <= balance) return asked.amountMicrocents;
  const typed = asked.typed;
  return typed && typedShowsBalance(typed.amount, typed.rate, balance) ? balance : asked.amountMicrocents;
}

/**
 * The amount a stored request asked for, as this request would have asked it: the same request
 * again, whether it took the amount typed or the whole balance (`takenFrom`), compares equal under
 * its Idempotency-Key; another amount does not.
 */
export function askedFor(asked: AmountAsked, taken: bigint): bigint {
  return takenFrom(asked, taken) === taken ? asked.amountMicrocents : taken;
}
