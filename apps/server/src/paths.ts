import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The server's folder (apps/server). This module runs as src/paths.ts (tsx, tests) or inside
 * dist/main.js (the compiled server, scripts/builds.mjs): both one folder below apps/server, so
 * one `..` holds for both. Files read at run time are found from here, never from another
 * module's own `import.meta.url` (the build checks that).
 */
export const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The committed SQL migrations, applied at start. */
export const migrationsFolder = path.join(serverRoot, "drizzle");

/** The font slices the statement PDFs embed for scripts Helvetica lacks (scripts/pdf-fonts.mjs). */
export const pdfFontsFolder = path.join(serverRoot, "assets/pdf-fonts");

/** The web app built by `npm run build` next to this server. */
export const defaultWebDist = path.resolve(serverRoot, "../web/dist");
