import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "./config.ts";
import { type Database, openDatabase } from "./db/client.ts";
import { accrualLag } from "./modules/investments/index.ts";
import {
  ledgerMovements,
  ledgerVerification,
  ledgerVerificationTime,
  openMemberAccounts,
} from "./modules/ledger/index.ts";
import { createMarketService } from "./modules/market/index.ts";
import { createNotifications, mailLag, securityNotifier } from "./modules/notifications/index.ts";
import { createSettingsService } from "./modules/settings/index.ts";
import { settlementLag } from "./modules/trading/index.ts";
import { createAuth, type PasswordHasher } from "./platform/auth/auth.ts";
import { registerFastSessionRead } from "./platform/auth/fast-session.ts";
import { resolveAuthSecret } from "./platform/auth/secret.ts";
import { publishSessionsEnded } from "./platform/auth/session-end.ts";
import { createOutboxMailer, createSmtpMailer, type Mailer } from "./platform/mail/mailer.ts";
import { countingBus, createMetrics } from "./platform/metrics/metrics.ts";
import { createMemoryBus, createRedisBus, type EventBus } from "./platform/realtime/bus.ts";
import { createRealtime } from "./platform/realtime/realtime.ts";
import { createFileStorage, type FileStorage } from "./platform/storage/index.ts";
import { startTracing, tracedBus } from "./platform/tracing/tracing.ts";
import type { Services } from "./services.ts";

/** Parts a caller (a test, a second instance) may hand in instead of having them made from config. */
export type AppDeps = {
  database?: Database;
  bus?: EventBus;
  storage?: FileStorage;
  mailer?: Mailer;
  now?: () => Date;
  passwordHasher?: PasswordHasher;
};

export type Closer = { close(): Promise<void> };

/**
 * The platform services of one instance, made from config unless handed in, and the parts it
 * opened and must close, in the order to close them. Parts handed in stay their owner's.
 */
export async function composeServices(
  config: Config,
  deps: AppDeps,
  log: FastifyBaseLogger,
): Promise<{ services: Services; closers: Closer[] }> {
  const closers: Closer[] = [];
  // First, so that every database client this process opens is traced.
  const tracing = config.tracing ? startTracing(config.tracing.endpoint, config.tracing.serviceName) : null;
  if (tracing) closers.push({ close: () => tracing.flush() });
  const database =
    deps.database ??
    (await openDatabase(
      config.databaseUrl
        ? { kind: "postgres", url: config.databaseUrl, poolSize: config.databasePoolSize }
        : { kind: "pglite", dataDir: path.join(config.dataDir, "db") },
    ));
  if (!deps.database) {
    closers.push(database);
    await database.migrate();
    await database.openPool();
  }
  const openedBus =
    deps.bus ?? (config.redisUrl ? await createRedisBus(config.redisUrl, config.redisPrefix) : createMemoryBus());
  if (!deps.bus) closers.unshift(openedBus);
  const metrics = createMetrics();
  const bus = tracedBus(countingBus(openedBus, metrics));
  const db = database.db;
  metrics.databasePool(database);
  for (const metric of [ledgerMovements, ledgerVerification, ledgerVerificationTime]) metrics.serve(metric);
  metrics.workerLag("settlement", "Contracts to settle", () => settlementLag({ db }));
  metrics.workerLag("accrual", "Investment accruals", () => accrualLag({ db }));
  metrics.workerLag("mail", "Notification mails to send", () => mailLag({ db }));
  metrics.gauge(
    "helio_mail_failed",
    "Notification mails given up on after their last attempt",
    async () => (await mailLag({ db })).failed,
  );
  const mailer =
    deps.mailer ?? (config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createOutboxMailer(db));
  let storage = deps.storage;
  if (!storage) {
    const made = await createFileStorage(config, log);
    closers.push(made);
    storage = made.storage;
  }
  const realtime = createRealtime(bus);
  const settings = await createSettingsService({ db, bus, realtime });
  closers.unshift({ close: async () => settings.close() });
  const notifications = createNotifications({ db, realtime, mailer, settings, publicUrl: config.publicUrl, log });
  // Before the database closes: the mail attempts under way finish first.
  closers.unshift(notifications);
  const auth = createAuth({
    config,
    db,
    mailer,
    secret: resolveAuthSecret(config.authSecret, config.dataDir),
    log,
    onUserCreated: async (userId) => void (await openMemberAccounts(db, userId)),
    onSessionEnded: (sessionId) => publishSessionsEnded(bus, [sessionId]),
    passwordHasher: deps.passwordHasher,
    onSecurityEvent: securityNotifier(notifications),
  });
  // Guards (`readSession`) answer the common case with one shared query, else ask better-auth.
  registerFastSessionRead(auth, db);
  const market = createMarketService({ db, database, databaseUrl: config.databaseUrl, realtime, settings, log });
  const now = deps.now ?? (() => new Date());
  const services: Services = {
    config,
    database,
    db,
    auth,
    bus,
    realtime,
    storage,
    mailer,
    metrics,
    settings,
    market,
    notifications,
    now,
  };
  return { services, closers };
}
