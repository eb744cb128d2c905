import { type Currency, formatMoney, type Locale, rateFor, ratesOf, type Settings } from "@helio/shared";
import type { I18n } from "@lingui/core";
import { i18nFor, localeOf } from "../../platform/i18n/index.ts";
import { displayCurrencyOf } from "../../platform/money/rate-quote.ts";

/** Who a statement is for: the display currency and its rate today, and the language. */
export type Reader = { currency: Currency; rate: number; locale: Locale; i18n: I18n };

export function readerOf(user: { currency?: string | null; locale?: string | null }, settings: Settings): Reader {
  const wanted = displayCurrencyOf(user.currency);
  const rate = rateFor(ratesOf(settings), wanted);
  // A currency whose rate is missing from the settings is shown in USD rather than guessed.
  const currency = rate === null ? "USD" : wanted;
  const locale = localeOf(user.locale);
  return { currency, rate: rate ?? 1, locale, i18n: i18nFor(locale) };
}

/** An amount held in microcents as the app shows it: "1,625,000.00 IDR", "1.625.000,00 IDR" in `id`. */
export const shown = (reader: Reader, microcents: bigint) =>
  formatMoney(microcents, reader.currency, reader.rate, reader.locale);

/** The same amount in USD, the ledger's own currency. */
export const shownUsd = (reader: Reader, microcents: bigint) => formatMoney(microcents, "USD", 1, reader.locale);

/** "2026-11-28 14:05 UTC": dates in files read the same in every language and direction. */
export const fileDateTime = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
