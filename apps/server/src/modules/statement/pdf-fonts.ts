import fs from "node:fs";
import path from "node:path";
import * as fontkit from "fontkit";
import { pdfFontsFolder } from "../../paths.ts";

/**
 * The PDFs write Latin text in Helvetica (built into every PDF reader, nothing embedded) and every
 * other character in the first Noto Sans slice that has it (Chinese, Japanese, Korean, Arabic),
 * embedded as a subset of the glyphs used. The slices are those scripts/pdf-fonts.mjs picked for
 * the server's catalogues.
 */
export type Fallback = { name: string; data: Buffer; has: (codePoint: number) => boolean };

let loaded: Fallback[] | null = null;

/** The families whose Han characters suit each language (Chinese, Japanese and Korean draw them differently). */
const PREFERRED: Record<string, string> = { "zh-Hans": "noto-sans-sc", ja: "noto-sans-jp", ko: "noto-sans-kr" };

/** The slices, the reader's own family first (read from disk once per process). */
export function fallbackFonts(locale?: string): Fallback[] {
  const all = readSlices();
  const preferred = locale ? PREFERRED[locale] : undefined;
  if (!preferred) return all;
  return [...all.filter((f) => f.name.startsWith(preferred)), ...all.filter((f) => !f.name.startsWith(preferred))];
}

function readSlices(): Fallback[] {
  if (loaded) return loaded;
  const files = fs.existsSync(pdfFontsFolder) ? fs.readdirSync(pdfFontsFolder).filter((f) => f.endsWith(".woff")) : [];
  loaded = files.sort().map((file) => {
    const data = fs.readFileSync(path.join(pdfFontsFolder, file));
    const font = fontkit.create(data) as fontkit.Font;
    const has = (cp: number) => {
      try {
        return font.hasGlyphForCodePoint(cp);
      } catch {
        return false; // a slice without a usable character map writes nothing
      }
    };
    return { name: file.replace(/\.woff$/, ""), data, has };
  });
  return loaded;
}

/** The characters Helvetica writes (WinAnsi): ASCII, Latin-1 and a few punctuation marks. */
const WIN_ANSI = /[\u0020-\u007e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u20ac]/;
export const LATIN = "Helvetica";
export const LATIN_BOLD = "Helvetica-Bold";

/** The font that writes a character: Helvetica, a slice, or null when none has it. */
export function fontFor(ch: string, fallbacks: Fallback[]): string | null {
  if (WIN_ANSI.test(ch)) return LATIN;
  const cp = ch.codePointAt(0) ?? 0;
  return fallbacks.find((f) => f.has(cp))?.name ?? null;
}

const RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;
/** Whether a text reads right to left (its first strong letter is Arabic or Hebrew). */
export const readsRightToLeft = (text: string) => {
  const strong = text.match(/[A-Za-z\u00c0-\u024f\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/)?.[0];
  return strong !== undefined && RTL.test(strong);
};

export type Run = { font: string; text: string };

const NEUTRAL = /[\s.,:;()\-\u2013\u2014/]/;
/** Whether a run's font has a character (Helvetica has every neutral one). */
function writes(font: string, ch: string, fallbacks: Fallback[]) {
  const slice = fallbacks.find((f) => f.name === font);
  return !slice || slice.has(ch.codePointAt(0) ?? 0);
}

/**
 * A text cut into runs of one font each, in the order they are drawn left to right. Spaces and
 * punctuation stay with the run they follow; a character no font has is written as "?". A
 * right-to-left text has its runs drawn right to left (the shaping engine orders the glyphs within
 * an Arabic run), so "من 2026-10-01 إلى 2026-10-31" keeps its dates where they belong.
 */
export function runsOf(text: string, fallbacks: Fallback[], latin = LATIN): Run[] {
  const runs: Run[] = [];
  for (const ch of text) {
    const found = fontFor(ch, fallbacks);
    const last = runs[runs.length - 1];
    const font =
      last && NEUTRAL.test(ch) && writes(last.font, ch, fallbacks) ? last.font : found === LATIN ? latin : found;
    const piece = font === null ? "?" : ch;
    const into = font ?? latin;
    if (last && last.font === into) last.text += piece;
    else runs.push({ font: into, text: piece });
  }
  return readsRightToLeft(text) ? runs.reverse() : runs;
}
