import { useLingui } from "@lingui/react";
import { DEFAULT_LOCALE, isLocale, type Locale } from "./i18n.ts";

/**
 * The language numbers and dates are written in (the pseudo-locale writes them as English). A
 * component that formats reads it here, so that it draws again when the member switches.
 */
export function useFormatLocale(): Locale {
  const { i18n } = useLingui();
  return isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}
