import type { Locale } from "./i18n.ts";

// The platform's Intl formatters of lib/format.ts, one per locale, made at their first use: a
// formatter takes 1–2 ms to make once index.html's script has loaded ICU's data.

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
  return {
    dateFormat: perLocale((locale) => new Intl.DateTimeFormat(locale, DAY)),
    dateTimeFormat: perLocale((locale) => new Intl.DateTimeFormat(locale, MINUTE)),
    secondsFormat: perLocale((locale) => new Intl.DateTimeFormat(locale, { ...MINUTE, second: "2-digit" })),
    relativeFormat: perLocale((locale) => new Intl.RelativeTimeFormat(locale, { numeric: "auto" })),
  };
}

export const { dateFormat, dateTimeFormat, secondsFormat, relativeFormat } = createDateFormats();
