import { lingui } from "@lingui/vite-plugin";
import babel from "@rolldown/plugin-babel";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { lazySchemasChunk, signedInChunk } from "./build/first-load-chunks.ts";
import { inlineFavicon } from "./build/inline-favicon.ts";
import { precompress } from "./build/precompress.ts";

const apiTarget = process.env.HELIO_API_URL ?? "http://localhost:3000";

export default defineConfig({
  plugins: [
    // Lingui's macros (t`…`, <Trans>, msg) become message ids and lookups at build time; the React
    // plugin no longer takes Babel plugins, so Babel runs as its own plugin before it. The app's own
    // files only: libraries never use the macros.
    babel({ include: /\/src\/.*\.[jt]sx?$/, plugins: ["@lingui/babel-plugin-lingui-macro"] }),
    react(),
    // Compiles each src/locales/*.po catalogue when lib/i18n.ts imports it (one chunk per locale).
    lingui(),
    precompress(),
    inlineFavicon(),
  ],
  // Marks the page's tags and adds <meta property="csp-nonce">; the server puts a fresh nonce in
  // place of this on every answer (apps/server/src/platform/http/content-security.ts).
  html: { cspNonce: "__CSP_NONCE__" },
  server: {
    port: 5173,
    proxy: {
      "/api": { target: apiTarget, changeOrigin: false, ws: true },
    },
  },
  preview: {
    proxy: {
      "/api": { target: apiTarget, changeOrigin: false, ws: true },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    // One stylesheet for every page, linked from index.html: the plain CSS of all pages is 29 kB
    // (6.5 kB brotli), and split per chunk it was three more requests in the signed-in first load,
    // more than a phone's six connections take at once (decision 0019).
    cssCodeSplit: false,
    // scripts/first-load-budget.mjs reads it to size what each route downloads on a first visit.
    manifest: true,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically is downloaded on every first visit anyway: one
        // chunk for it, not eight, saves each chunk's overhead (about 4 kB gzip on /login and 5 kB
        // on the dashboard, measured with scripts/first-load-budget.mjs).
        codeSplitting: {
          groups: [
            { name: "initial", tags: ["$initial"], priority: 4 },
            // The app frame (the data cache, the messages), which every page but sign-in loads.
            { name: "frame", test: (id) => id.endsWith("/src/app/providers.tsx"), priority: 3 },
            { name: signedInChunk(), includeDependenciesRecursively: false, priority: 2 },
            { name: lazySchemasChunk(), includeDependenciesRecursively: false, priority: 1 },
            // MUI and Emotion, for the pages drawn with MUI: one download instead of dozens of
            // small shared chunks (Lighthouse, in turns: /wallet 61 → 69, /trade 60 → 65,
            // /register 73 → 77). The right-to-left style plugin stays apart, for those who need it.
            { name: "mui", test: /node_modules[\\/](@mui[\\/](?!stylis-plugin-rtl)|@emotion[\\/])/, priority: 0 },
          ],
        },
      },
    },
  },
  test: {
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    globalSetup: ["./src/test/global-setup.ts"],
    setupFiles: ["./src/test/setup.ts"],
    restoreMocks: true,
    unstubGlobals: true,
    // Test files share their worker's modules and jsdom instead of each starting its own: 91–97 s
    // → 64–68 s for the suite (2 runs each, in turns). Safe because no test mocks a module
    // (`vi.mock`), and stubbed globals, spies, storage and the DOM are restored after each test
    // (above, and src/test/setup.ts).
    isolate: false,
    // Form tests type and click through whole dialogs: on a busy two-core machine one takes several
    // seconds, and the default 5 s made them fail for the load, not for the code.
    testTimeout: 20_000,
  },
});
