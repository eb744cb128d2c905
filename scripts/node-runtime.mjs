// Helio runs on Node 24 LTS. `npm install` brings it from the npm registry (the optional
// `node-linux-*` packages link `bin/node` into node_modules/.bin, first on every npm script's PATH),
// so this check fails only where no such package exists for the platform, or when a script is
// started outside npm with an older node.
// Run directly (`node scripts/node-runtime.mjs`) it prints the version and exits 1 on a mismatch.
import { existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

export const REQUIRED_MAJOR = 24;
const bundledNode = fileURLToPath(new URL("../node_modules/.bin/node", import.meta.url));

/** Prints the runtime; returns an error line when it is not one Helio runs on. */
export function checkNodeRuntime({ label = "Helio" } = {}) {
  const major = Number(process.versions.node.split(".")[0]);
  console.info(`${label} on Node ${process.version} (${process.execPath})`);
  if (major < REQUIRED_MAJOR && existsSync(bundledNode)) {
    return `Helio needs Node ${REQUIRED_MAJOR} LTS and this is ${process.version}: start it through npm (npm start, npm test), which runs node_modules/.bin/node.`;
  }
  if (major < REQUIRED_MAJOR) {
    return `Helio needs Node ${REQUIRED_MAJOR} LTS: this is ${process.version} and npm has no Node ${REQUIRED_MAJOR} package for ${process.platform}-${process.arch}; install Node ${REQUIRED_MAJOR} (see .nvmrc) and run npm install again.`;
  }
  if (process.env.CI && major !== REQUIRED_MAJOR) {
    return `CI runs on Node ${REQUIRED_MAJOR} only: this is ${process.version}.`;
  }
  return undefined;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const error = checkNodeRuntime({ label: process.argv[2] ?? "Helio" });
  if (error) {
    console.error(error);
    process.exit(1);
  }
}

/** For test harnesses and benches: stops the process when it runs on a Node Helio does not. */
export function requireNodeRuntime(label) {
  const error = checkNodeRuntime({ label });
  if (error) throw new Error(error);
}
