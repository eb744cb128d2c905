import fs from "node:fs";
import path from "node:path";
import fastifyMultipart from "@fastify/multipart";
import fastifyRateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import fastifyWebsocket from "@fastify/websocket";
import Fastify, { type FastifyInstance, type FastifyReply } from "fastify";
import { jsonSchemaTransform, validatorCompiler } from "fastify-type-provider-zod";
import helmet from "helmet";
import { Redis } from "ioredis";
import type { Config } from "./config.ts";
import { type Database, openDatabase } from "./db/client.ts";
import { adminRoutes } from "./modules/admin/routes.ts";
import { backofficeRoutes } from "./modules/backoffice/routes.ts";
import { bankRoutes } from "./modules/bank/routes.ts";
import { chatRoutes } from "./modules/chat/routes.ts";
import { depositRoutes } from "./modules/deposits/routes.ts";
import { startDepositExpiryWorker } from "./modules/deposits/service.ts";
import { fundsRoutes } from "./modules/funds/routes.ts";
import { healthRoutes } from "./modules/health/routes.ts";
import { startAccrualWorker } from "./modules/investments/accrual.ts";
import { investmentRoutes } from "./modules/investments/routes.ts";
import { kycRoutes } from "./modules/kyc/routes.ts";
import { openMemberAccounts } from "./modules/ledger/service.ts";
import { marketRoutes } from "./modules/market/routes.ts";
import { createMarketService } from "./modules/market/service.ts";
import { createExchangeSource, createSimulator, exchangeStreamUrl } from "./modules/market/sources.ts";
import { memberRoutes } from "./modules/members/routes.ts";
import { profileRoutes } from "./modules/profile/routes.ts";
import { referralRoutes } from "./modules/referrals/routes.ts";
import { securityRoutes } from "./modules/security/routes.ts";
import { settingsRoutes } from "./modules/settings/routes.ts";
import { createSettingsService } from "./modules/settings/service.ts";
import { tradingRoutes } from "./modules/trading/routes.ts";
import { startSettlementWorker } from "./modules/trading/service.ts";
import { walletRoutes } from "./modules/wallet/routes.ts";
import { withdrawalRoutes } from "./modules/withdrawals/routes.ts";
import { ensureAdmin } from "./platform/auth/admin-account.ts";
import { createAuth, type PasswordHasher } from "./platform/auth/auth.ts";
import { authBridge } from "./platform/auth/bridge.ts";
import { registerFastSessionRead } from "./platform/auth/fast-session.ts";
import { resolveAuthSecret } from "./platform/auth/secret.ts";
import { createSessionLiveness, publishSessionsEnded } from "./platform/auth/session-end.ts";
import { cspDirectives, pagePolicy } from "./platform/http/content-security.ts";
import { frameworkErrorHandler, installErrorHandler } from "./platform/http/error-handler.ts";
import { AppError } from "./platform/http/errors.ts";
import { loggerOptions } from "./platform/http/logging.ts";
import { responseSerializerCompiler } from "./platform/http/response-serializer.ts";
import { createOutboxMailer, createSmtpMailer, type Mailer } from "./platform/mail/mailer.ts";
import { createMemoryBus, createRedisBus, type EventBus } from "./platform/realtime/bus.ts";
import { realtimeGateway } from "./platform/realtime/gateway.ts";
import { socketMessageLimits } from "./platform/realtime/message-limit.ts";
import { createRealtime } from "./platform/realtime/realtime.ts";
import { createLocalStorage, type FileStorage } from "./platform/storage/storage.ts";
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

declare module "fastify" {
  interface FastifyInstance {
    services: Services;
    startup: { generatedPassword?: string };
  }
}

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel),
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
    frameworkErrors: frameworkErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  installErrorHandler(app);

  const owned: { close(): Promise<void> }[] = [];
  const database =
    deps.database ??
    (await openDatabase(
      config.databaseUrl
        ? { kind: "postgres", url: config.databaseUrl, poolSize: config.databasePoolSize }
        : { kind: "pglite", dataDir: path.join(config.dataDir, "db") },
    ));
  if (!deps.database) {
    owned.push(database);
    await database.migrate();
    await database.openPool();
  }
  const bus = deps.bus ?? (config.redisUrl ? await createRedisBus(config.redisUrl) : createMemoryBus());
  if (!deps.bus) owned.unshift(bus);
  const db = database.db;
  const mailer =
    deps.mailer ?? (config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createOutboxMailer(db));
  const storage = deps.storage ?? createLocalStorage(path.join(config.dataDir, "files"));
  const auth = createAuth({
    config,
    db,
    mailer,
    secret: resolveAuthSecret(config.authSecret, config.dataDir),
    log: app.log,
    onUserCreated: async (userId) => void (await openMemberAccounts(db, userId)),
    onSessionEnded: (sessionId) => publishSessionsEnded(bus, [sessionId]),
    passwordHasher: deps.passwordHasher,
  });
  // Guards (`readSession`) answer the common case with one shared query, else ask better-auth.
  registerFastSessionRead(auth, db);
  const realtime = createRealtime(bus);
  const settings = await createSettingsService({ db, bus, realtime });
  owned.unshift({ close: async () => settings.close() });
  const market = createMarketService({
    db,
    database,
    databaseUrl: config.databaseUrl,
    realtime,
    settings,
    log: app.log,
  });
  const now = deps.now ?? (() => new Date());
  const services: Services = { config, database, db, auth, bus, realtime, storage, mailer, settings, market, now };
  app.decorate("services", services);
  const startup = await ensureAdmin(auth, db, config.admin);
  app.decorate("startup", { getter: () => startup });

  // Built once: @fastify/helmet rebuilds the middleware (parsing the policy) on every request.
  const securityHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config.secureCookies) },
    hsts: config.secureCookies,
  });
  app.addHook("onRequest", (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)),
  );

  const rateLimitRedis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1 }) : undefined;
  if (rateLimitRedis) owned.push({ close: async () => void (await rateLimitRedis.quit()) });
  await app.register(fastifyRateLimit, {
    global: false,
    redis: rateLimitRedis,
    nameSpace: "helio-rl:",
    errorResponseBuilder: (_request, context) =>
      new AppError(429, "RATE_LIMITED", `Too many attempts. Try again in ${context.after}.`),
  });

  // Cookie-authenticated writes must come from our own pages (better-auth checks its own routes).
  const trustedOrigins: ReadonlySet<string> = new Set([config.publicUrl, ...config.trustedOrigins]);
  app.addHook("onRequest", async (request) => {
    if (!UNSAFE_METHODS.has(request.method) || !request.url.startsWith("/api/") || request.url.startsWith("/api/auth/"))
      return;
    const origin = request.headers.origin;
    if (!origin || !trustedOrigins.has(origin)) {
      throw new AppError(403, "FORBIDDEN", "Cross-site request refused: the Origin header is missing or not trusted.");
    }
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: "Helio API",
        version: "0.1.0",
        description: "Every HTTP endpoint of Helio. Errors: { error: { code, message, fields? } }.",
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: "/api/docs" });
  app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());

  await app.register(fastifyMultipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 10 } });
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });

  const opts = { services };
  await app.register(authBridge, { auth, rateLimit: config.authRateLimit, db, now });
  await app.register(healthRoutes, opts);
  await app.register(memberRoutes, opts);
  await app.register(profileRoutes, opts);
  await app.register(securityRoutes, opts);
  await app.register(adminRoutes, opts);
  await app.register(settingsRoutes, opts);
  await app.register(chatRoutes, opts);
  await app.register(walletRoutes, opts);
  await app.register(depositRoutes, opts);
  await app.register(withdrawalRoutes, opts);
  await app.register(bankRoutes, opts);
  await app.register(kycRoutes, opts);
  await app.register(backofficeRoutes, opts);
  await app.register(marketRoutes, opts);
  await app.register(tradingRoutes, opts);
  await app.register(investmentRoutes, opts);
  await app.register(fundsRoutes, opts);
  await app.register(referralRoutes, opts);
  if (config.workers) {
    const expiry = startDepositExpiryWorker({ db, realtime, log: app.log });
    owned.unshift({ close: () => expiry.stop() });
    const source =
      config.market.source === "exchange"
        ? createExchangeSource({ url: exchangeStreamUrl(config.market.exchangeUrl), log: app.log })
        : createSimulator({ seed: config.market.seed });
    const recorder = market.start(source);
    owned.unshift({ close: () => recorder.stop() });
    const settlement = startSettlementWorker({ db, realtime, settings, market, log: app.log });
    owned.unshift({ close: () => settlement.stop() });
    const accrual = startAccrualWorker({ db, realtime, log: app.log });
    owned.unshift({ close: () => accrual.stop() });
  }
  await app.register(realtimeGateway, {
    auth,
    bus,
    realtime,
    trustedOrigins,
    sessionLiveness: createSessionLiveness(db),
    messageLimits: socketMessageLimits(config.chatRateLimit),
  });

  await serveWeb(app, config);
  app.addHook("onClose", async () => {
    for (const part of owned) await part.close();
  });
  return app;
}

/** The built single-page app: files as they are, every other non-API GET gets index.html. */
async function serveWeb(app: FastifyInstance, config: Config) {
  const dist = config.webDist;
  const index = dist ? path.join(dist, "index.html") : undefined;
  if (dist && index && fs.existsSync(index)) {
    await app.register(fastifyStatic, {
      root: dist,
      // Looks files up per request (a rebuilt dist is served without a restart); misses fall
      // through to the not-found handler below, which answers index.html for app routes.
      wildcard: true,
      index: false, // the page is answered below, with its nonce
      cacheControl: false,
      // assets/x.js.br and .gz are written at build (apps/web/build/precompress.ts): sent as they are,
      // chosen by Accept-Encoding (brotli first), with `Vary: Accept-Encoding`.
      preCompressed: true,
      setHeaders: (res, file) => {
        const hashed = file.includes(`${path.sep}assets${path.sep}`);
        res.raw.setHeader("cache-control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }
  const policy = pagePolicy(config.secureCookies);
  const sendPage = async (reply: FastifyReply, file: string) => {
    const page = policy.forPage(await fs.promises.readFile(file, "utf8"));
    return reply
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-cache")
      .header("content-security-policy", page.header)
      .send(page.html);
  };
  if (index && fs.existsSync(index)) {
    app.get("/", { schema: { hide: true } }, (_request, reply) => sendPage(reply, index));
    app.get("/index.html", { schema: { hide: true } }, (_request, reply) => sendPage(reply, index));
  }
  app.setNotFoundHandler(async (request, reply) => {
    if (request.method === "GET" && !request.url.startsWith("/api/") && index && fs.existsSync(index)) {
      return sendPage(reply, index);
    }
    throw new AppError(404, "NOT_FOUND", `No route for ${request.method} ${request.url.split("?")[0]}`);
  });
}
