// Picks the slices of the Noto Sans fonts (npm's @fontsource packages, SIL Open Font License) that
// the statement PDFs need for Chinese, Japanese, Korean and Arabic, and copies them into
// apps/server/assets/pdf-fonts. A whole CJK family is 70 MB on npm; the PDFs only write the
// server's catalogue words (plus digits, dates and Latin pair names, which Helvetica covers), so
// the slices holding the catalogues' characters are enough: a few hundred kB per language.
// Run it after translating new server strings:  node scripts/pdf-fonts.mjs
// (apps/server/src/modules/statement/pdf-fonts.test.ts fails while a character is missing).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as fontkit from "fontkit";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const out = path.join(root, "apps/server/assets/pdf-fonts");
const FAMILIES = { "zh-Hans": "noto-sans-sc", ja: "noto-sans-jp", ko: "noto-sans-kr", ar: "noto-sans-arabic" };
const VERSION = "5.3.0";

const isWinAnsi = (ch) => /[\u0020-\u007e\u00a0-\u00ff]/.test(ch);
function catalogueChars(locale) {
  const po = fs.readFileSync(path.join(root, "apps/server/src/locales", `${locale}.po`), "utf8");
  const chars = new Set();
  for (const m of po.matchAll(/^msgstr "(.*)"$/gm)) for (const ch of m[1]) if (!isWinAnsi(ch)) chars.add(ch);
  return chars;
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pdf-fonts-"));
for (const file of fs.readdirSync(out)) if (file.endsWith(".woff")) fs.rmSync(path.join(out, file));
for (const [locale, family] of Object.entries(FAMILIES)) {
  execFileSync("npm", ["pack", `@fontsource/${family}@${VERSION}`, "--silent"], { cwd: tmp, stdio: "ignore" });
  const dir = path.join(tmp, family);
  fs.mkdirSync(dir, { recursive: true });
  execFileSync("tar", ["xzf", path.join(tmp, `fontsource-${family}-${VERSION}.tgz`), "-C", dir]);
  const files = path.join(dir, "package/files");
  const slices = fs.readdirSync(files).filter((f) => f.endsWith("-400-normal.woff"));
  const missing = catalogueChars(locale);
  const picked = [];
  for (const slice of slices) {
    let covered = [];
    try {
      const font = fontkit.create(fs.readFileSync(path.join(files, slice)));
      covered = [...missing].filter((ch) => font.hasGlyphForCodePoint(ch.codePointAt(0)));
    } catch {
      continue; // a slice fontkit cannot read (no usable character map) is not one the PDFs can use
    }
    if (!covered.length) continue;
    for (const ch of covered) missing.delete(ch);
    picked.push(slice);
    fs.copyFileSync(path.join(files, slice), path.join(out, slice));
  }
  // The fonts' licence (SIL OFL 1.1) travels with them.
  fs.copyFileSync(path.join(dir, "package/LICENSE"), path.join(out, "OFL.txt"));
  process.stdout.write(
    `${locale}: ${picked.length} slices${missing.size ? `, not covered: ${[...missing].join("")}` : ""}\n`,
  );
}
fs.rmSync(tmp, { recursive: true, force: true });
