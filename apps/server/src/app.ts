import Fastify, { type FastifyInstance } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import { type AppDeps, composeServices } from "./compose.ts";
import type { Config } from "./config.ts";
import { termsGuard } from "./modules/members/index.ts";
import { ensureAdmin } from "./platform/auth/admin-account.ts";
import { authBridge } from "./platform/auth/bridge.ts";
import { createSessionLiveness } from "./platform/auth/session-end.ts";
import { frameworkErrorHandler, installErrorHandler } from "./platform/http/error-handler.ts";
import { lazyChildLogger, loggerOptions } from "./platform/http/logging.ts";
import { RequestLog } from "./platform/http/request-log.ts";
import { responseSerializerCompiler } from "./platform/http/response-serializer.ts";
import { realtimeGateway } from "./platform/realtime/gateway.ts";
import { socketMessageLimits } from "./platform/realtime/message-limit.ts";
import { tracingOn } from "./platform/tracing/tracing.ts";
import { apiDocs } from "./plugins/api-docs.ts";
import { impersonation } from "./plugins/impersonation.ts";
import { metricsEndpoint } from "./plugins/metrics.ts";
import { originCheck } from "./plugins/origin-check.ts";
import { rateLimits } from "./plugins/rate-limits.ts";
import { securityHeaders } from "./plugins/security-headers.ts";
import { requestTracing } from "./plugins/tracing.ts";
import { appPage, webApp } from "./plugins/web-app.ts";
import { registerRoutes } from "./routes.ts";
import type { Services } from "./services.ts";
import { startWorkers } from "./workers.ts";

export type { AppDeps } from "./compose.ts";

declare module "fastify" {
  interface FastifyInstance {
    services: Services;
    startup: { generatedPassword?: string };
  }
}

/**
 * One Helio instance: the platform services, the plugins every request passes through, the
 * features' routes, the background workers (when `workers` is on), the live socket and the web app.
 */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel),
    childLoggerFactory: lazyChildLogger,
    logController: new RequestLog(config.requestLog.mode, config.requestLog.slowMs),
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
    frameworkErrors: frameworkErrorHandler(appPage({ webDist: config.webDist, secureCookies: config.secureCookies })),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  installErrorHandler(app);

  const { services, closers } = await composeServices(config, deps, app.log);
  app.decorate("services", services);
  const startup = await ensureAdmin(services.auth, services.db, config.admin);
  app.decorate("startup", { getter: () => startup });

  const trustedOrigins: ReadonlySet<string> = new Set([config.publicUrl, ...config.trustedOrigins]);
  await app.register(securityHeaders, { secureCookies: config.secureCookies });
  await app.register(rateLimits, { redisUrl: config.redisUrl, prefix: config.redisPrefix });
  await app.register(originCheck, { trustedOrigins });
  const sessionCookie = (await services.auth.$context).authCookies.sessionToken.name;
  await app.register(apiDocs, { sessionCookie });
  await app.register(impersonation, { auth: services.auth, db: services.db });
  await app.register(termsGuard, { termsVersion: async () => (await services.settings.get()).termsVersion });
  await app.register(metricsEndpoint, { metrics: services.metrics, token: config.metricsToken });
  // Only with an OTLP endpoint: off, no request pays for a hook.
  if (tracingOn()) await app.register(requestTracing);

  const { auth, db, bus, realtime, now } = services;
  await app.register(authBridge, { auth, rateLimit: config.authRateLimit, db, now });
  await registerRoutes(app, services);
  if (config.workers) closers.unshift(...startWorkers(services, app.log));
  await app.register(realtimeGateway, {
    auth,
    bus,
    realtime,
    trustedOrigins,
    sessionLiveness: createSessionLiveness(db),
    messageLimits: socketMessageLimits(config.chatRateLimit),
    connections: services.metrics.wsConnections,
  });
  await app.register(webApp, { webDist: config.webDist, secureCookies: config.secureCookies });
  // Last, so that it runs after the plugins' own close hooks: workers stop before the database.
  app.addHook("onClose", async () => {
    for (const part of closers) await part.close();
  });
  return app;
}
