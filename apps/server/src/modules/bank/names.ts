/**
 * Whether a bank account's holder is the member whose identity was verified: the two names are
 * compared after normalising what people and banks write differently, never by spelling alone.
 *
 * - Unicode compatibility forms fold (full-width letters and spaces, half-width katakana).
 * - Case, spacing and punctuation do not count ("O'Brien" = "OBRIEN", "Jean-Luc" = "Jean Luc").
 * - Latin diacritics do not count ("José Müller" = "Jose Muller"), nor a few letters banks spell
 *   out ("ß" = "ss", "Ø" = "O", "Æ" = "AE", "Ł" = "L"); kana voicing marks do ("ガ" ≠ "カ").
 * - Arabic: short vowels and tatweel do not count, nor the alef's hamza ("أحمد" = "احمد"), nor
 *   ta marbuta against ha and alef maqsura against ya, which banks' systems often swap.
 * - The order of the names does not count ("Wang Xiaoming" = "Xiaoming Wang", "山田 太郎" =
 *   "太郎 山田"), nor where names without spaces (Chinese, Japanese, Korean) are split: the names
 *   match when some order of one's words, written together, is some order of the other's.
 * Different scripts are different names: "김민준" and "Kim Minjun" do not match (the operator
 * sees both and decides; a transliteration would guess).
 */
export function namesMatch(a: string, b: string): boolean {
  const left = nameWords(a);
  const right = nameWords(b);
  if (left.length === 0 || right.length === 0) return false;
  if (sameMultiset(left, right)) return true;
  const joined = joinings(right);
  return [...joinings(left)].some((j) => joined.has(j));
}

const LETTER_SPELLINGS: Record<string, string> = {
  ß: "ss",
  ø: "o",
  æ: "ae",
  œ: "oe",
  ł: "l",
  đ: "d",
  ð: "d",
  þ: "th",
  ı: "i",
};
const ARABIC_LETTERS: Record<string, string> = { أ: "ا", إ: "ا", آ: "ا", ٱ: "ا", ة: "ه", ى: "ي", ؤ: "و", ئ: "ي" };
/** Latin combining accents; Arabic short vowels, shadda, sukun, dagger alef; tatweel. */
const IGNORED_MARKS = /[\u0300-\u036f\u064b-\u065f\u0670\u0640]/g;
const TITLES = new Set(["mr", "mrs", "ms", "miss", "dr"]);
/** More words than this are compared as a multiset only (their orders grow as n!). */
const MAX_REORDERED_WORDS = 6;

/** The words of a name, normalised (see `namesMatch`). */
export function nameWords(name: string): string[] {
  const folded = name
    .normalize("NFKC")
    .toLowerCase()
    .normalize("NFD")
    .replace(IGNORED_MARKS, "")
    .normalize("NFC")
    .replace(/./gu, (c) => LETTER_SPELLINGS[c] ?? ARABIC_LETTERS[c] ?? c)
    // Apostrophes join ("O'Brien"), other punctuation separates ("Jean-Luc", "Smith, John").
    .replace(/['’ʼ`´]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
  return folded ? folded.split(" ").filter((w) => !TITLES.has(w)) : [];
}

function sameMultiset(a: string[], b: string[]): boolean {
  if (a.length !== b.length) return false;
  const x = [...a].sort();
  const y = [...b].sort();
  return x.every((w, i) => w === y[i]);
}

/** Every order of the words, written together. */
function joinings(words: string[]): Set<string> {
  if (words.length > MAX_REORDERED_WORDS) return new Set([words.join("")]);
  const out = new Set<string>();
  const walk = (rest: string[], prefix: string) => {
    if (rest.length === 0) out.add(prefix);
    rest.forEach((w, i) => {
      walk([...rest.slice(0, i), ...rest.slice(i + 1)], prefix + w);
    });
  };
  walk(words, "");
  return out;
}
