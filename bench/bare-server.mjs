// A bare Fastify process for the money benchmarks (started by bench/money.mjs, never on its own): the
// Fastify the server workspace resolves (so the very version the app runs), logger off, one JSON
// route answering what the app's in-process bare route answers, nothing else registered. Listens on
// a free loopback port and prints one JSON line when ready: { port, fastify } (its version).
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const Fastify = createRequire(path.join(root, "apps/server/package.json"))("fastify");

const app = Fastify({ logger: false });
app.get("/bench/bare", async () => ({ ok: true }));
await app.listen({ host: "127.0.0.1", port: 0 });
process.stdout.write(
  `${JSON.stringify({ port: app.server.address().port, fastify: app.version, node: process.version })}\n`,
);
const stop = async () => {
  await app.close();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
