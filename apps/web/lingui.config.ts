import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";

/**
 * The web app's message catalogues (docs/architecture.md, "Languages"): one `.po` file per locale in
 * src/locales, written by `npm run i18n:extract -w @helio/web` from the macros in the code and
 * loaded one lazy chunk per locale (lib/i18n.ts). `pseudo` is generated from English (every string
 * marked and lengthened) for tests; members are never offered it. The back office stays English.
 */
export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "ms", "id", "zh-Hans", "ko", "ja", "ar", "pseudo"],
  pseudoLocale: "pseudo",
  fallbackLocales: { default: "en" },
  // Files without line numbers: moving a wrapped string within its file does not change the catalogues.
  format: formatter({ lineNumbers: false }),
  catalogs: [
    {
      path: "<rootDir>/src/locales/{locale}",
      include: ["<rootDir>/src"],
      exclude: ["**/node_modules/**", "<rootDir>/src/features/admin/**", "**/*.test.ts", "**/*.test.tsx"],
    },
  ],
});
