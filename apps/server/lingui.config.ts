import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";

/**
 * The server's message catalogues (docs/architecture.md, "Languages"): mails, in-app notifications
 * and CSV headers, one `.po` file per locale in src/locales, written by `npm run i18n:extract -w
 * @helio/server` from the `i18n._({ id, message })` calls in the code, then compiled into
 * src/locales/<locale>.ts, which the server imports (no build step: Node, esbuild and vitest read
 * them as they are).
 */
export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "ms", "id", "zh-Hans", "ko", "ja", "ar"],
  fallbackLocales: { default: "en" },
  format: formatter({ lineNumbers: false }),
  compileNamespace: "ts",
  catalogs: [
    {
      path: "<rootDir>/src/locales/{locale}",
      include: ["<rootDir>/src"],
      exclude: ["**/node_modules/**", "<rootDir>/src/modules/admin/**", "**/*.test.ts"],
    },
  ],
});
