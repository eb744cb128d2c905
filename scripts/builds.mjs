// The two builds `npm start`, the browser tests' servers and the cluster run: the web app
// (Vite, into apps/web/dist) and the compiled server (esbuild, into apps/server/dist/main.js), and
// the one staleness rule both follow: a build is stale when it is missing or older than the newest
// of its sources.
//
//   node scripts/builds.mjs server     builds the server now (`npm run build:server`)
//   import { ensureServerBuild } from "./builds.mjs"; const entry = await ensureServerBuild();
//
// The server bundle (esbuild, ESM, node24) holds apps/server/src and packages/shared/src, so Node
// runs it without a TypeScript loader; every other package stays an import of node_modules. Run
// it with `node --enable-source-maps apps/server/dist/main.js` (or process.setSourceMapsEnabled).
// It sits one folder below apps/server, as src/ does, which is how it finds the migrations and
// the web app (apps/server/src/paths.ts).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const here = fileURLToPath(import.meta.url);

export const serverDist = path.join(root, "apps/server/dist");
/** What `node --enable-source-maps` runs. */
export const serverEntry = path.join(serverDist, "main.js");
const serverSources = [
  path.join(root, "apps/server/src"),
  path.join(root, "packages/shared/src"),
  path.join(root, "apps/server/tsconfig.json"),
  path.join(root, "tsconfig.base.json"),
  here, // the build's own options
];

export const webDist = path.join(root, "apps/web/dist");
const webIndex = path.join(webDist, "index.html");
const webSources = [
  path.join(root, "apps/web/src"),
  path.join(root, "apps/web/public"),
  path.join(root, "apps/web/build"),
  path.join(root, "apps/web/index.html"),
  path.join(root, "apps/web/vite.config.ts"),
  path.join(root, "packages/shared/src"),
];

/**
 * Newest modification time (ms) of these files and folders and everything under them (a folder's
 * own time changes when a file in it is added, removed or renamed); tests (*.test.*) do not count.
 */
export function newestMtimeMs(paths) {
  let newest = 0;
  const visit = (p) => {
    let stat;
    try {
      stat = fs.statSync(p);
    } catch {
      return; // an optional source that is not there
    }
    newest = Math.max(newest, stat.mtimeMs);
    if (stat.isDirectory())
      for (const name of fs.readdirSync(p)) if (!/\.test\.[cm]?[jt]sx?$/.test(name)) visit(path.join(p, name));
  };
  for (const p of paths) visit(p);
  return newest;
}

/** True when `output` is missing or older than the newest of `sources`. */
export function isStale(output, sources) {
  let built;
  try {
    built = fs.statSync(output).mtimeMs;
  } catch {
    return true;
  }
  return built < newestMtimeMs(sources);
}

export const serverBuildIsStale = () => isStale(serverEntry, serverSources);
export const webBuildIsStale = () => isStale(webIndex, webSources);

/**
 * Bundles the server into apps/server/dist: main.js, and a chunk per dynamic import (so a package
 * loaded on demand, like the S3 client, still loads only when used), each with its source map.
 * Each file is written beside and renamed into place, main.js last, so a process starting
 * meanwhile runs the old bundle or the new one, never half of one. main.js gets the time the
 * build started: a source saved during the build leaves it stale.
 */
export async function buildServer() {
  const started = new Date();
  checkRuntimeLookups();
  const esbuild = await import("esbuild");
  try {
    const { outputFiles } = await esbuild.build({
      absWorkingDir: root,
      entryPoints: { main: path.join(root, "apps/server/src/main.ts") },
      outdir: serverDist,
      write: false, // written below, each file renamed into place
      entryNames: "[name]",
      chunkNames: "[name]-[hash]", // beside main.js: every chunk is one folder below apps/server
      bundle: true,
      splitting: true,
      platform: "node",
      format: "esm",
      target: "node24",
      sourcemap: true, // linked .map files; the sources they name are the repository's
      sourcesContent: false,
      keepNames: true, // class and function names stay as written (logs, errors, plugin names)
      logLevel: "warning",
      plugins: [
        {
          // Packages stay imports of node_modules, except the workspace's own TypeScript package.
          name: "packages-external-but-shared",
          setup(build) {
            build.onResolve({ filter: /^[^./]/ }, (args) =>
              args.path === "@helio/shared" || args.path.startsWith("@helio/shared/")
                ? undefined
                : { path: args.path, external: true },
            );
          },
        },
      ],
    });
    fs.mkdirSync(serverDist, { recursive: true });
    const last = [`${serverEntry}.map`, serverEntry];
    const order = [
      ...outputFiles.filter((f) => !last.includes(f.path)),
      ...outputFiles.filter((f) => last.includes(f.path)),
    ];
    for (const file of order) {
      const scratch = `${file.path}.${process.pid}.tmp`;
      fs.writeFileSync(scratch, file.contents);
      fs.renameSync(scratch, file.path);
    }
    fs.utimesSync(serverEntry, started, started);
    // Chunks of earlier builds (their names carry a content hash).
    const written = new Set(outputFiles.map((f) => path.basename(f.path)));
    for (const name of fs.readdirSync(serverDist))
      if (!written.has(name) && !name.endsWith(".tmp")) fs.rmSync(path.join(serverDist, name), { force: true });
  } finally {
    await esbuild.stop(); // its service process would otherwise live as long as the server
  }
  return serverEntry;
}

/**
 * In the bundle every module's `import.meta.url` is dist/main.js, so a module that found a file
 * from its own place would look in the wrong folder once compiled. Only src/paths.ts may: it sits
 * one folder below apps/server, as dist/main.js does.
 */
function checkRuntimeLookups() {
  const allowed = path.join(root, "apps/server/src/paths.ts");
  const offenders = [];
  const visit = (p) => {
    if (fs.statSync(p).isDirectory()) for (const name of fs.readdirSync(p)) visit(path.join(p, name));
    else if (/\.[cm]?tsx?$/.test(p) && !/\.test\.[cm]?tsx?$/.test(p) && p !== allowed)
      if (/import\.meta\.(url|dirname|filename)/.test(fs.readFileSync(p, "utf8")))
        offenders.push(path.relative(root, p));
  };
  for (const dir of ["apps/server/src", "packages/shared/src"]) visit(path.join(root, dir));
  if (offenders.length)
    throw new Error(
      `import.meta.url in ${offenders.join(", ")}: in the compiled server it is dist/main.js; find files from apps/server/src/paths.ts`,
    );
}

/** Builds the server when its bundle is missing or older than its sources; answers the entry file. */
export async function ensureServerBuild({ log = console.info } = {}) {
  if (serverBuildIsStale()) {
    log(fs.existsSync(serverEntry) ? "Rebuilding the server (sources changed)…" : "Building the server…");
    await buildServer();
  }
  return serverEntry;
}

/** Builds the web app (`npm run build -w @helio/web`) when it is missing or older than its sources. */
export function ensureWebBuild({ log = console.info } = {}) {
  if (!webBuildIsStale()) return;
  log(fs.existsSync(webIndex) ? "Rebuilding the web app (sources changed)…" : "Building the web app…");
  const started = new Date();
  const build = spawnSync("npm", ["run", "build", "-w", "@helio/web"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) throw new Error(`the web build failed (exit ${build.status ?? build.signal})`);
  fs.utimesSync(webIndex, started, started);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const what = process.argv[2] ?? "server";
  if (what !== "server") {
    console.error(
      `usage: node scripts/builds.mjs server (not ${what}); the web app builds with npm run build -w @helio/web`,
    );
    process.exit(2);
  }
  const t0 = performance.now();
  await buildServer();
  console.info(
    `server: ${path.relative(root, serverEntry)} (${Math.round(fs.statSync(serverEntry).size / 1024)} kB) in ${Math.round(performance.now() - t0)} ms`,
  );
}
