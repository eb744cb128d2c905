import { DEFAULT_LOCALE, LOCALES, type Locale } from "@helio/shared";
import { type I18n, type Messages, setupI18n } from "@lingui/core";
import { messages as ar } from "../../locales/ar.ts";
import { messages as en } from "../../locales/en.ts";
import { messages as id } from "../../locales/id.ts";
import { messages as ja } from "../../locales/ja.ts";
import { messages as ko } from "../../locales/ko.ts";
import { messages as ms } from "../../locales/ms.ts";
import { messages as zhHans } from "../../locales/zh-Hans.ts";

/**
 * The server's words in the member's language (docs/architecture.md, "Languages"): mails, in-app
 * notifications and CSV headers. A message is written where it is used as
 * `i18n._({ id: "area.what", message: "English {value}", values })` on the `I18n` of the reader's
 * locale; `lingui extract` (apps/server/lingui.config.ts) collects it into src/locales/<locale>.po
 * and `lingui compile` into the modules imported here. The variable must be called `i18n` for the
 * extractor to find the call.
 */
const CATALOGUES: Record<Locale, Messages> = { en, ms, id, ja, ko, ar, "zh-Hans": zhHans };

const instances = new Map<Locale, I18n>();

/** Whether a stored or sent value is one of Helio's languages. */
export const isLocale = (value: unknown): value is Locale => (LOCALES as readonly unknown[]).includes(value);

/** The account's language, English when it was never chosen (null) or is not one of ours. */
export const localeOf = (value: unknown): Locale => (isLocale(value) ? value : DEFAULT_LOCALE);

/** The `I18n` of a locale (one per locale, made at its first use); English for null or unknown. */
export function i18nFor(locale: unknown): I18n {
  const chosen = localeOf(locale);
  let i18n = instances.get(chosen);
  if (!i18n) {
    i18n = setupI18n({ locale: chosen, messages: { [chosen]: CATALOGUES[chosen] } });
    instances.set(chosen, i18n);
  }
  return i18n;
}

/** The BCP 47 tag `Intl` formats dates with: English as `en-GB` ("3 Mar 2026, 14:05"), as today. */
export const intlLocaleOf = (locale: Locale) => (locale === "en" ? "en-GB" : locale);

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** A date and time in UTC in the locale's order and words, followed by "UTC" (mails name the zone). */
export function formatUtcDateTime(locale: Locale, at: Date, withYear = true): string {
  const key = `${locale}:${withYear}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocaleOf(locale), {
      timeZone: "UTC",
      day: "numeric",
      month: "short",
      ...(withYear ? { year: "numeric" } : {}),
      hour: "2-digit",
      minute: "2-digit",
      hour12: false,
      // Latin digits in every language (docs/i18n-glossary.md): Arabic would default to its own.
      numberingSystem: "latn",
    });
    dateTimeFormats.set(key, format);
  }
  return `${format.format(at)} UTC`;
}
