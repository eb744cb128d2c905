// Runs the Helio server in this process for the browser tests' server scripts: the compiled
// server (apps/server/dist/main.js, source maps on) when it is built and not older than its
// sources (`npm run build`, which scripts/test-all.sh runs first), else the TypeScript sources
// through tsx. The same staleness rule as `npm start` (scripts/builds.mjs); nothing is built here.
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { serverBuildIsStale, serverEntry } from "../../../scripts/builds.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));

export async function runServer() {
  if (!serverBuildIsStale()) {
    console.info(`e2e server: compiled (${path.relative(process.cwd(), serverEntry)})`);
    process.setSourceMapsEnabled(true);
    await import(pathToFileURL(serverEntry).href);
    return;
  }
  console.info("e2e server: TypeScript sources through tsx (no build, or older than the sources)");
  const { register } = await import("tsx/esm/api");
  register();
  await import(path.resolve(here, "../../server/src/main.ts"));
}
