import { activeLocale, directionOf } from "./i18n.ts";

/**
 * An amount, a rate or a code inside a sentence, kept left to right in a right-to-left language
 * ("10.00 USD", not "USD 10.00", in Arabic): a left-to-right isolate (U+2066 … U+2069) around it.
 * For text only (messages, helper texts); an element takes `dir="ltr"` or `<bdi>` instead.
 */
export function leftToRight(text: string): string {
  return directionOf(activeLocale()) === "rtl" ? `\u2066${text}\u2069` : text;
}
