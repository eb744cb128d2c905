/**
 * The pseudo-locale's messages (docs/architecture.md, "Languages"): each English message marked at
 * both ends and lengthened by a third, before Lingui's compiler accents its letters. A browser test
 * in the pseudo-locale then tells what went through the catalogues (marked and accented) from what
 * did not (plain English), and shows, at English's layout, how a longer language fits.
 *
 * Used by `lingui.config.ts`, whose catalogue format applies it when the pseudo catalogue is read,
 * so `pseudo.po` stays as `lingui extract` writes it (no hand-written msgstr) and every compile
 * (Vite's plugin, `lingui compile`) draws the messages from the English ones.
 */

/** Opens every pseudo message. Not a letter, so the compiler's accenting leaves it as it is. */
export const PSEUDO_OPEN = "⟦";
/** Closes every pseudo message. */
export const PSEUDO_CLOSE = "⟧";

/** How much longer than English each message is drawn: translations run up to a third longer. */
export const PSEUDO_LENGTHENING = 1 / 3;

// Words rather than one run of characters: a longer translation has more words, which wrap, not
// one longer word. Letters the accenting maps (it leaves v and x as they are) and no ICU syntax.
const FILLER = "lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore";

/** The index just past the brace that closes the one at `open`. */
function closingBrace(message: string, open: number): number {
  let depth = 0;
  for (let i = open; i < message.length; i++) {
    if (message[i] === "{") depth++;
    else if (message[i] === "}" && --depth === 0) return i + 1;
  }
  return message.length;
}

/** The longest case of an ICU plural or select argument's body (`one {# trade} other {# trades}`). */
function longestCase(cases: string): number {
  let longest = 0;
  let i = cases.indexOf("{");
  while (i !== -1) {
    const end = closingBrace(cases, i);
    longest = Math.max(longest, shownLength(cases.slice(i + 1, end - 1)));
    i = cases.indexOf("{", end);
  }
  return longest;
}

/**
 * How many characters of `message` a member reads, roughly: without its tags (`<0>`, `</0>`) and
 * placeholders (`{name}`, whose values are data), a plural or select counted as its longest case.
 */
export function shownLength(message: string): number {
  let length = 0;
  let i = 0;
  while (i < message.length) {
    const char = message[i] as string;
    if (char === "{") {
      const end = closingBrace(message, i);
      const argument = /^\{\s*\w+\s*,\s*(plural|select|selectordinal)\s*,(?:\s*offset:\d+)?/.exec(
        message.slice(i, end),
      );
      if (argument) length += longestCase(message.slice(i + argument[0].length, end - 1));
      i = end;
    } else if (char === "<") {
      const tag = /^<\/?\d+\s*\/?>/.exec(message.slice(i));
      if (tag) i += tag[0].length;
      else {
        length++;
        i++;
      }
    } else {
      if (char !== "#") length++;
      i++;
    }
  }
  return length;
}

/** Words of filler about `length` characters long (a space first), or nothing for no length. */
function filler(length: number): string {
  if (length <= 0) return "";
  let words = "";
  while (words.length < length) words += ` ${FILLER}`;
  return words.slice(0, length + 1).trimEnd();
}

/**
 * `message` (English ICU) as the pseudo-locale draws it before accenting: `Sign in` →
 * `⟦Sign in lo⟧`. Placeholders, tags, plurals and selects stay where they are, so the result
 * compiles like the English message.
 */
export function pseudoMessage(message: string): string {
  const extra = Math.ceil(shownLength(message) * PSEUDO_LENGTHENING);
  return `${PSEUDO_OPEN}${message}${filler(extra)}${PSEUDO_CLOSE}`;
}
