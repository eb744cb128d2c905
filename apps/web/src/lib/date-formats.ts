import type { Locale } from "./i18n.ts";

// The platform's Intl formatters of lib/format.ts, one per locale, made at their first use. Apart
// from format.ts so that the entry can make the first ones early (`prepareDateFormats`) without
// carrying the rest of the formatting code.

/** The Intl locale a member locale formats with: English in the seed's day-month-year order. */
function intlLocale(locale: Locale): string {
  return locale === "en" ? "en-GB" : locale;
}

/** `make(locale)` made once per locale, when first asked for. */
function perLocale<T>(make: (locale: string) => T): (locale: Locale) => T {
  const made = new Map<Locale, T>();
  return (locale) => {
    let value = made.get(locale);
    if (value === undefined) {
      value = make(intlLocale(locale));
      made.set(locale, value);
    }
    return value;
  };
}

const DAY = { day: "numeric", month: "short", year: "numeric" } as const;
const MINUTE = { ...DAY, hour: "2-digit", minute: "2-digit" } as const;

/** A set of the formatters, each made once per locale (one set for the page; a test makes its own). */
export function createDateFormats() {
  const dateFormat = perLocale((locale) => new Intl.DateTimeFormat(locale, DAY));
  const dateTimeFormat = perLocale((locale) => new Intl.DateTimeFormat(locale, MINUTE));
  return {
    dateFormat,
    dateTimeFormat,
    secondsFormat: perLocale((locale) => new Intl.DateTimeFormat(locale, { ...MINUTE, second: "2-digit" })),
    relativeFormat: perLocale((locale) => new Intl.RelativeTimeFormat(locale, { numeric: "auto" })),
    /**
     * Makes the date formatters a signed-in first screen uses. The first Intl formatter of a page
     * loads ICU's data, 20–40 ms of main thread at full speed; made in the first render after the
     * answers come, it is the longest task of the dashboard's load. The router calls this as its
     * first screen's chunks download, when the main thread has nothing else to do.
     */
    prepare(locale: Locale): void {
      dateFormat(locale);
      dateTimeFormat(locale);
    },
  };
}

const pageFormats = createDateFormats();
export const { dateFormat, dateTimeFormat, secondsFormat, relativeFormat } = pageFormats;
export const prepareDateFormats = pageFormats.prepare;
