// `npm start`: builds the web app when it is missing, then runs the server (migrations apply at start).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = path.join(root, "apps/web/dist/index.html");
if (!fs.existsSync(dist)) {
  console.info("Building the web app (first start)…");
  const build = spawnSync("npm", ["run", "build", "-w", "@helio/web"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const { register } = await import("tsx/esm/api");
register();
await import(path.join(root, "apps/server/src/main.ts"));
