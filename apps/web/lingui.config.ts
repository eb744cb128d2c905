import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";
import { pseudoMessage } from "./src/lib/pseudo-locale.ts";

const PSEUDO_LOCALE = "pseudo";
// Files without line numbers: moving a wrapped string within its file does not change the catalogues.
const po = formatter({ lineNumbers: false });
type CatalogFormatter = typeof po;
type CatalogType = Awaited<ReturnType<CatalogFormatter["parse"]>>;

/**
 * PO files, but the pseudo-locale's messages are drawn from the English ones as its catalogue is
 * read (each marked and lengthened: src/lib/pseudo-locale.ts), then accented by Lingui's compiler.
 * Written back without them, so `pseudo.po` stays what `lingui extract` makes of the code.
 */
const format: CatalogFormatter = {
  ...po,
  async parse(content, ctx) {
    const catalog = await po.parse(content, ctx);
    if (ctx.locale !== PSEUDO_LOCALE) return catalog;
    const pseudo: CatalogType = {};
    for (const [id, entry] of Object.entries(catalog)) {
      pseudo[id] = { ...entry, translation: pseudoMessage(entry.message ?? id) };
    }
    return pseudo;
  },
  serialize(catalog, ctx) {
    if (ctx.locale !== PSEUDO_LOCALE) return po.serialize(catalog, ctx);
    const blank: CatalogType = {};
    for (const [id, entry] of Object.entries(catalog)) blank[id] = { ...entry, translation: "" };
    return po.serialize(blank, ctx);
  },
};

/**
 * The web app's message catalogues (docs/architecture.md, "Languages"): one `.po` file per locale in
 * src/locales, written by `npm run i18n:extract -w @helio/web` from the macros in the code and
 * loaded one lazy chunk per locale (lib/i18n.ts). `pseudo` is generated from English (every string
 * marked and lengthened by `format` below, accented by the compiler) for tests; members are never
 * offered it. The back office stays English.
 */
export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "ms", "id", "zh-Hans", "ko", "ja", "ar", "pseudo"],
  pseudoLocale: PSEUDO_LOCALE,
  fallbackLocales: { default: "en" },
  format,
  catalogs: [
    {
      path: "<rootDir>/src/locales/{locale}",
      include: ["<rootDir>/src"],
      exclude: ["**/node_modules/**", "<rootDir>/src/features/admin/**", "**/*.test.ts", "**/*.test.tsx"],
    },
  ],
});
