import closeWithGrace from "close-with-grace";
import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { listeningText } from "./listen-addresses.ts";
import { beginDraining } from "./modules/health/index.ts";

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(78);
  }
  throw error;
}

const app = await buildApp(config);

// The grace period covers the drain and then 10 s for in-flight requests.
const drainMs = config.shutdownDrainMs;
closeWithGrace({ delay: drainMs + 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, "shutting down after an error");
  else app.log.info({ signal }, "shutting down");
  // /api/ready answers 503 from now on; while a load balancer is checking it, keep serving for
  // SHUTDOWN_DRAIN_MS so it takes this process out of rotation before we stop accepting.
  const { waitedMs } = await beginDraining(app.services, drainMs);
  if (waitedMs) app.log.info({ waitedMs }, "drained: readiness answered 503 meanwhile");
  // Stops accepting, lets in-flight requests finish, closes sockets, bus and database.
  await app.close();
});

await app.listen({ host: config.host, port: config.port, listenTextResolver: listeningText(config) });

const { services, startup } = app;
const lines = [
  "",
  `  Helio is running at ${config.publicUrl}`,
  `  database: ${services.database.kind === "pglite" ? `embedded PGlite in ${config.dataDir}/db` : "PostgreSQL (DATABASE_URL)"}`,
  `  runtime: Node ${process.version}`,
  `  realtime: ${services.bus.kind === "redis" ? "Redis (REDIS_URL)" : "in-process"}`,
  `  files: ${config.storage.kind === "s3" ? `bucket ${config.storage.bucket} (STORAGE_URL)` : `local disk in ${config.dataDir}/files`}`,
  services.mailer.kind === "smtp"
    ? "  mail: SMTP (SMTP_URL)"
    : `  mail: outbox — read it at ${config.publicUrl}/api/dev/outbox (from this machine only, or signed in as an admin)`,
  `  admin: ${config.admin.email} (username ${config.admin.username})`,
  ...(startup.generatedPassword
    ? [`  admin password (shown once, set ADMIN_PASSWORD to choose it): ${startup.generatedPassword}`]
    : []),
  `  API docs: ${config.publicUrl}/api/docs`,
  "",
];
console.info(lines.join("\n"));
