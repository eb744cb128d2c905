import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text formats worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|wasm)$/;
/** Below this, the compressed copy saves less than the headers it costs. */
const MIN_BYTES = 1024;

/**
 * Writes `file.br` (quality 11) and `file.gz` (level 9) next to every hashed asset once the build is
 * written, so the server (@fastify/static `preCompressed`) sends them without compressing per request.
 * Only `assets/`: index.html stays as built, since the server may rewrite it per request.
 */
export function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "helio:precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const assets = path.join(outDir, "assets");
      const names = await fs.readdir(assets).catch(() => [] as string[]);
      await Promise.all(
        names
          .filter((name) => COMPRESSIBLE.test(name))
          .map(async (name) => {
            const file = path.join(assets, name);
            const bytes = await fs.readFile(file);
            if (bytes.length < MIN_BYTES) return;
            const [br, gz] = await Promise.all([
              brotli(bytes, {
                params: {
                  [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
                },
              }),
              gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
            ]);
            if (br.length < bytes.length) await fs.writeFile(`${file}.br`, br);
            if (gz.length < bytes.length) await fs.writeFile(`${file}.gz`, gz);
          }),
      );
    },
  };
}
