import { z } from "./zod.ts";

/**
 * The building block of every string the API accepts. PostgreSQL refuses U+0000 in text and a
 * lone UTF-16 surrogate cannot be written as JSON (jsonb) or UTF-8, so both would fail deep in a
 * query as a 500; other control characters have no business in names, ids or search terms. Refusing
 * them here, once, gives a 400 naming the field, and the pattern shows in the OpenAPI document.
 */

/** C0 controls and DEL, and lone surrogates (`\p{Cs}` only matches unpaired ones with the u flag). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const SINGLE_LINE = /^[^\u0000-\u001F\u007F\p{Cs}]*$/u;
/** The same, but tab, line feed and carriage return are allowed (chat messages, notes). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const MULTI_LINE = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\p{Cs}]*$/u;

export const UNSAFE_TEXT_MESSAGE = "Must not contain control characters or invalid Unicode";
export const UNSAFE_MULTILINE_TEXT_MESSAGE =
  "Must not contain control characters (other than line breaks and tabs) or invalid Unicode";

/** Whether `value` passes `text()` (for strings no zod schema sees, such as better-auth's bodies). */
export function isSafeText(value: string, opts: { multiline?: boolean } = {}): boolean {
  return (opts.multiline ? MULTI_LINE : SINGLE_LINE).test(value);
}

/** A string without control characters or lone surrogates; `multiline` allows \t, \n and \r. */
export function text(opts: { multiline?: boolean } = {}) {
  return opts.multiline
    ? z.string().check(z.regex(MULTI_LINE, UNSAFE_MULTILINE_TEXT_MESSAGE))
    : z.string().check(z.regex(SINGLE_LINE, UNSAFE_TEXT_MESSAGE));
}
