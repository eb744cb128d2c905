// One bare Fastify process with some of what the app adds to every request (started by
// bench/stack-costs.mjs, never on its own). Arguments name the parts:
//   logger   the app's logger: pino with its redaction, the lazy child logger, RequestLog (problems)
//   headers  the security-header hook with the API's five headers
//   hooks    async hooks on, as an AsyncLocalStorage that has run once turns them on (better-auth's)
//   routes   150 more routes
// Listens on a free loopback port and prints the port when ready.
import { AsyncLocalStorage } from "node:async_hooks";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const Fastify = createRequire(path.join(root, "apps/server/package.json"))("fastify");
const parts = new Set(process.argv.slice(2));

const options = { logger: false };
if (parts.has("logger")) {
  const { register } = await import("tsx/esm/api");
  register();
  const { lazyChildLogger, loggerOptions } = await import(path.join(root, "apps/server/src/platform/http/logging.ts"));
  const { RequestLog } = await import(path.join(root, "apps/server/src/platform/http/request-log.ts"));
  options.logger = { ...loggerOptions("info"), stream: { write() {} } };
  options.childLoggerFactory = lazyChildLogger;
  options.logController = new RequestLog("problems", 1000);
}
const app = Fastify(options);
if (parts.has("headers")) {
  const headers = {
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
    "cross-origin-resource-policy": "same-origin",
    "x-content-type-options": "nosniff",
    "x-frame-options": "SAMEORIGIN",
    "referrer-policy": "no-referrer",
  };
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
if (parts.has("hooks")) new AsyncLocalStorage().run({}, () => {});
if (parts.has("routes")) for (let i = 0; i < 150; i++) app.get(`/api/route${i}/:id`, async () => ({}));
app.get("/api/bench/bare", async () => ({ ok: true }));
await app.listen({ host: "127.0.0.1", port: 0 });
process.stdout.write(`${app.server.address().port}\n`);
process.on("SIGTERM", () => app.close().then(() => process.exit(0)));
