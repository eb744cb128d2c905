import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { serverRoot } from "../../paths.ts";
import { fallbackFonts, fontFor, LATIN, runsOf } from "./pdf-fonts.ts";

/** Every translated character of a server catalogue. */
function catalogueChars(locale: string): string[] {
  const po = fs.readFileSync(path.join(serverRoot, "src/locales", `${locale}.po`), "utf8");
  const chars = new Set<string>();
  for (const m of po.matchAll(/^msgstr "(.*)"$/gm)) for (const ch of m[1] ?? "") chars.add(ch);
  return [...chars];
}

describe("the PDFs' fonts", () => {
  it.each(["en", "ms", "id", "zh-Hans", "ja", "ko", "ar"])("write every character of the %s catalogue", (locale) => {
    const fonts = fallbackFonts(locale);
    const unwritten = catalogueChars(locale).filter((ch) => fontFor(ch, fonts) === null);
    // When this fails, run `node scripts/pdf-fonts.mjs` to add the slices the new words need.
    expect(unwritten).toEqual([]);
  });

  it("prefers the reader's own family for Han characters", () => {
    expect(fontFor("期", fallbackFonts("ja"))).toMatch(/^noto-sans-jp/);
    expect(fontFor("期", fallbackFonts("zh-Hans"))).toMatch(/^noto-sans-sc/);
  });

  it("cuts text into runs of one font, right to left for Arabic", () => {
    const fonts = fallbackFonts("ar");
    expect(runsOf("Balance 12.00 USD", fonts)).toEqual([{ font: LATIN, text: "Balance 12.00 USD" }]);
    const runs = runsOf("من 2026-10-01", fonts);
    expect(runs.map((r) => r.text)).toEqual(["2026-10-01", "من "]);
    expect(runs[1]?.font).toMatch(/^noto-sans-arabic/);
    expect(runsOf("\u{1F600}", fonts)).toEqual([{ font: LATIN, text: "?" }]);
  });
});
