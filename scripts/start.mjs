// `npm start`: builds the web app and the server when missing or older than their sources
// (scripts/builds.mjs), then runs the compiled server in this process, source maps on, so signals
// reach its graceful shutdown directly (migrations apply at start). With WEB_DIST set, that build
// of the web app is served and none is made.
import { pathToFileURL } from "node:url";
import { ensureServerBuild, ensureWebBuild } from "./builds.mjs";
import { checkNodeRuntime } from "./node-runtime.mjs";

const runtimeError = checkNodeRuntime({ label: "npm start" });
if (runtimeError) {
  console.error(runtimeError);
  process.exit(1);
}

let entry;
try {
  if (!process.env.WEB_DIST) ensureWebBuild();
  entry = await ensureServerBuild();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
// As `node --enable-source-maps`: stack traces name the TypeScript sources.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(entry).href);
