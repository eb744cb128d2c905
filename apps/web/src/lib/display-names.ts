import { CURRENCIES, type Currency } from "@helio/shared";
import { activeLocale, type Locale } from "./i18n.ts";

/** `make(locale)` made once per locale, when first asked for. */
function perLocale<T>(make: (locale: Locale) => T): (locale: Locale) => T {
  const made = new Map<Locale, T>();
  return (locale) => {
    let value = made.get(locale);
    if (value === undefined) {
      value = make(locale);
      made.set(locale, value);
    }
    return value;
  };
}

const currencyNames = perLocale((locale) => new Intl.DisplayNames([locale], { type: "currency" }));
const regionNames = perLocale((locale) => new Intl.DisplayNames([locale], { type: "region" }));

/** `BND` → `Brunei dollar (BND)` (`Dolar Brunei (BND)` in id): the name in the member's language, beside the code. */
export function currencyLabel(code: Currency, locale: Locale = activeLocale()): string {
  const name = currencyNames(locale).of(code);
  return name && name !== code ? `${name} (${code})` : code;
}

/** The display currencies as select options, named in the member's language. */
export function currencyOptions(locale: Locale = activeLocale()): { value: Currency; label: string }[] {
  return CURRENCIES.map((code) => ({ value: code, label: currencyLabel(code, locale) }));
}

/** `ID` → `Indonesia` in the member's language; the code itself when the name is unknown. */
export function countryName(code: string, locale: Locale = activeLocale()): string {
  try {
    return regionNames(locale).of(code) ?? code;
  } catch {
    return code;
  }
}
