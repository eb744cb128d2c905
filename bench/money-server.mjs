// A Helio server for the money benchmarks (started by bench/money.mjs, never on its own): the real
// app, plus a bare route in the same process for comparison. Prints one JSON line when ready:
// { port, cookies, fastify } — the session cookies of BENCH_MEMBERS verified members, whose wallets
// are read, and the Fastify version the app runs (bench/bare-server.mjs must run the same).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { benchAppEnv, registerVerified } from "./lib.mjs";
import { loadTypeScript } from "./typescript.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
await loadTypeScript();
const { buildApp } = await import(path.join(root, "apps/server/src/app.ts"));
const { loadConfig } = await import(path.join(root, "apps/server/src/config.ts"));
const { listOutbox } = await import(path.join(root, "apps/server/src/platform/mail/mailer.ts"));

const publicUrl = "http://localhost:3999";
const config = loadConfig(
  benchAppEnv({
    publicUrl,
    dataDir: process.env.BENCH_DATA_DIR,
    databaseUrl: process.env.BENCH_DATABASE_URL,
    // Tracing on when bench/money.mjs --tracing gives this server its OTLP sink.
    ...(process.env.BENCH_OTLP_ENDPOINT ? { OTEL_EXPORTER_OTLP_ENDPOINT: process.env.BENCH_OTLP_ENDPOINT } : {}),
  }),
);
const app = await buildApp(config);
// Under /api/, like the balance read: it pays what every API answer pays (headers included).
app.get("/api/bench/bare", { schema: { hide: true } }, async () => ({ ok: true }));
// For context: the cheapest possible database read (one round trip, no session).
const { sql } = await import("drizzle-orm");
app.get("/api/bench/one-query", { schema: { hide: true } }, async () => {
  await app.services.db.execute(sql`select 1`);
  return { ok: true };
});

// One member per connection, so that concurrent reads are of different members' sessions.
const cookies = [];
for (let i = 0; i < Number(process.env.BENCH_MEMBERS ?? 1); i++) {
  const { cookie } = await registerVerified(app, { publicUrl, listOutbox });
  const check = await app.inject({ url: "/api/wallet", headers: { cookie } });
  if (check.statusCode !== 200) throw new Error(`wallet: ${check.statusCode} ${check.body}`);
  cookies.push(cookie);
}

await app.listen({ host: "127.0.0.1", port: 0 });
process.stdout.write(
  `${JSON.stringify({ port: app.server.address().port, cookies, fastify: app.version, node: process.version })}\n`,
);
const stop = async () => {
  await app.close();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
