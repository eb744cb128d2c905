#!/usr/bin/env node
// First-load JavaScript and CSS budget per route, read from Vite's manifest (apps/web/dist/.vite/manifest.json,
// written by `npm run build -w @helio/web`). A first visit downloads the entry chunk, every chunk it
// imports statically (Vite preloads them), and for each lazy route module on the way to the page
// (layout, then page) that module with its own static imports. The sum of their gzip sizes must stay
// within the route's budget; the run fails (exit 1) when one is over or a listed module is missing.
// `targetKb` is the route's goal; where it is not met yet, `budgetKb` is a ratchet just above today's
// figure so the first load cannot grow while the goal is worked towards (docs/performance.md).
//
//   node scripts/first-load-budget.mjs            figures + verdict
//   node scripts/first-load-budget.mjs --chunks   also every chunk of each route, largest first
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = path.join(root, "apps/web/dist");
const manifestFile = path.join(dist, ".vite/manifest.json");

/**
 * The lazy modules (manifest keys, in the order the router loads them) behind each measured page.
 * Keep in step with apps/web/src/app/router.tsx: a key that is no longer in the manifest fails the run.
 * "group:name" is the chunk of a codeSplitting group of apps/web/vite.config.ts.
 */
const routes = [
  {
    name: "/login (signed out)",
    // The page is part of the entry, drawn without MUI and outside the app frame that brings MUI and
    // the data cache (decision 0013): React, react-dom and react-router's data router are ~95 kB
    // gzip of it. The form holds its own state and signs in with fetch (no react-hook-form, no
    // better-auth client).
    targetKb: 150,
    budgetKb: 150,
    lazy: [],
  },
  {
    name: "/ dashboard (signed in)",
    // The frame, its own cards and the other features' dashboard cards are plain CSS, MUI's theme
    // comes with the first part drawn with MUI, and zod with the shared schemas loads beside the
    // first requests, which still check every answer (decisions 0016 and 0017): no MUI, Emotion or
    // zod in this load. The budget is today's figure rounded up to the next kB.
    targetKb: 200,
    budgetKb: 167,
    // The app frame, then the guard, the shell (with the reality check) and the dashboard, which the
    // build puts in one chunk with what they need that no visitor's page does, and one with what a
    // visitor's page needs too (apps/web/build/first-load-chunks.ts).
    lazy: ["group:frame", "group:signed-in", "group:common"],
  },
];

/** The lazy modules of the pages for visitors, which must not need the signed-in chunk. */
const VISITOR_PAGES = ["src/layouts/Centered.tsx", "src/features/auth/pages.ts", "src/features/legal/pages.ts"];

if (!fs.existsSync(manifestFile)) {
  console.error(`No ${path.relative(root, manifestFile)}: run \`npm run build -w @helio/web\` first.`);
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8"));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) {
  console.error("The manifest has no entry chunk.");
  process.exit(1);
}

/** The manifest's chunk for a key or a "group:name". */
function chunkOf(key) {
  const chunk = key.startsWith("group:")
    ? Object.values(manifest).find((c) => c.name === key.slice("group:".length) && !c.isEntry && !c.src)
    : manifest[key];
  if (!chunk) throw new Error(`"${key}" is not in the manifest: update the route list in this script`);
  return chunk;
}

/** Adds `key` and everything it imports statically to `files`. */
function collect(key, files) {
  const chunk = chunkOf(key);
  if (files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(imported, files);
}

/** The one stylesheet of every page, which index.html links (`cssCodeSplit: false` in apps/web/vite.config.ts). */
const stylesheet = manifest["style.css"]?.file;
if (!stylesheet || Object.values(manifest).some((chunk) => chunk.css?.length)) {
  console.error(
    "Expected one stylesheet for every page (style.css) and no chunk with its own: see apps/web/vite.config.ts.",
  );
  process.exit(1);
}

/** What a first visit to a page downloads: the stylesheet, the entry with its imports, then the page's lazy modules. */
function firstLoad(lazyKeys) {
  const files = new Set([stylesheet]);
  collect(entryKey, files);
  for (const key of lazyKeys) collect(key, files);
  return files;
}

const sizeCache = new Map();
function sizes(file) {
  if (!sizeCache.has(file)) {
    const bytes = fs.readFileSync(path.join(dist, file));
    sizeCache.set(file, {
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
      brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    });
  }
  return sizeCache.get(file);
}

const kb = (bytes) => (bytes / 1000).toFixed(1);
const showChunks = process.argv.includes("--chunks");
let over = 0;
try {
  const entryFiles = firstLoad([]);
  const entryGzip = [...entryFiles].reduce((sum, file) => sum + sizes(file).gzip, 0);
  console.info(`entry (${manifest[entryKey].file} and ${entryFiles.size - 1} more files): ${kb(entryGzip)} kB gzip`);

  for (const route of routes) {
    const files = firstLoad(route.lazy);
    const total = { raw: 0, gzip: 0, brotli: 0 };
    for (const file of files) for (const k of Object.keys(total)) total[k] += sizes(file)[k];
    const ok = total.gzip <= route.budgetKb * 1000;
    if (!ok) over++;
    console.info(
      `${ok ? "ok  " : "OVER"} ${route.name}: ${kb(total.gzip)} kB gzip (budget ${route.budgetKb} kB, ` +
        `target ${route.targetKb} kB ${total.gzip <= route.targetKb * 1000 ? "met" : "NOT met"}), ` +
        `${kb(total.brotli)} kB brotli, ${kb(total.raw)} kB raw, ${files.size} files`,
    );
    if (showChunks) {
      const rows = [...files].map((file) => ({ file, ...sizes(file) })).sort((a, b) => b.gzip - a.gzip);
      for (const row of rows) console.info(`       ${kb(row.gzip).padStart(6)} kB  ${row.file}`);
    }
  }
  // A visitor's page never downloads the member's frame and dashboard (apps/web/build/first-load-chunks.ts).
  const signedInChunk = chunkOf("group:signed-in").file;
  const loading = VISITOR_PAGES.filter((key) => {
    const files = new Set();
    collect(key, files);
    return files.has(signedInChunk);
  });
  if (loading.length) console.error(`OVER visitors' pages load the signed-in chunk: ${loading.join(", ")}`);
  else console.info(`ok   visitors' pages (${VISITOR_PAGES.length}) do not load the signed-in chunk`);
  over += loading.length;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
if (over) {
  console.error(`${over} route(s) over their first-load JavaScript budget.`);
  process.exit(1);
}
