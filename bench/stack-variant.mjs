// One bare Fastify process with some of what the app adds to every request (started by
// bench/stack-costs.mjs, never on its own). Arguments name the parts:
//   logger   the app's logger: pino with its redaction, the lazy child logger, RequestLog (problems)
//   headers  the app's security-header plugin (the API's headers on /api/ answers)
//   hooks    async hooks on, as an AsyncLocalStorage that has run once turns them on (better-auth's)
//   routes   150 more routes
// Listens on a free loopback port and prints the port when ready.
import { AsyncLocalStorage } from "node:async_hooks";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadTypeScript } from "./typescript.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const Fastify = createRequire(path.join(root, "apps/server/package.json"))("fastify");
const parts = new Set(process.argv.slice(2));

const options = { logger: false };
// The app's own pieces, from its TypeScript sources.
let typescript;
const appModule = async (file) => {
  typescript ??= loadTypeScript();
  await typescript;
  return import(path.join(root, "apps/server/src", file));
};
if (parts.has("logger")) {
  const { lazyChildLogger, loggerOptions } = await appModule("platform/http/logging.ts");
  const { RequestLog } = await appModule("platform/http/request-log.ts");
  options.logger = { ...loggerOptions("info"), stream: { write() {} } };
  options.childLoggerFactory = lazyChildLogger;
  options.logController = new RequestLog("problems", 1000);
}
const app = Fastify(options);
if (parts.has("headers")) {
  const { securityHeaders } = await appModule("plugins/security-headers.ts");
  await app.register(securityHeaders, { secureCookies: false });
}
if (parts.has("hooks")) new AsyncLocalStorage().run({}, () => {});
if (parts.has("routes")) for (let i = 0; i < 150; i++) app.get(`/api/route${i}/:id`, async () => ({}));
app.get("/api/bench/bare", async () => ({ ok: true }));
await app.listen({ host: "127.0.0.1", port: 0 });
process.stdout.write(`${app.server.address().port}\n`);
process.on("SIGTERM", () => app.close().then(() => process.exit(0)));
