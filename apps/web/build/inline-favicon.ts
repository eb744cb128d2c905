import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

const LINK = 'href="/favicon.svg"';

/**
 * Writes public/favicon.svg into index.html's icon link as a data address: the browser asks for the
 * icon while the first screen's chunks download, and on a phone's six connections that one request
 * more delayed them (decision 0019). The file stays in public/ for whatever asks for it by name.
 */
export function inlineFavicon(): Plugin {
  let publicDir = "public";
  return {
    name: "helio:inline-favicon",
    configResolved(config) {
      publicDir = config.publicDir;
    },
    transformIndexHtml(html) {
      if (!html.includes(LINK)) throw new Error(`index.html has no <link … ${LINK}> to inline`);
      const svg = fs.readFileSync(path.join(publicDir, "favicon.svg"), "utf8").trim();
      return html.replace(LINK, `href="data:image/svg+xml,${encodeURIComponent(svg)}"`);
    },
  };
}
