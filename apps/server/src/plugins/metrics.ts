import { timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { notFound } from "../platform/http/errors.ts";
import type { Metrics } from "../platform/metrics/metrics.ts";

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * Whether a scraper may read the metrics: the configured bearer token, or a request straight from
 * this machine. A request a local reverse proxy forwarded comes from loopback too, so one with
 * forwarding headers needs the token.
 */
function mayScrape(request: FastifyRequest, token: string | undefined): boolean {
  const header = request.headers.authorization ?? "";
  if (token && header.startsWith("Bearer ")) {
    const given = Buffer.from(header.slice("Bearer ".length));
    const wanted = Buffer.from(token);
    return given.length === wanted.length && timingSafeEqual(given, wanted);
  }
  const forwarded = request.headers["x-forwarded-for"] !== undefined || request.headers.forwarded !== undefined;
  return !forwarded && LOOPBACK.test(request.socket.remoteAddress ?? "");
}

/**
 * `/api/metrics` in Prometheus' text format, and the HTTP histogram: each finished request by
 * method, route pattern (never the raw path: ids would make a series per record) and status.
 */
export const metricsEndpoint = fp<{ metrics: Metrics; token: string | undefined }>(
  async (app, { metrics, token }) => {
    app.addHook("onResponse", async (request, reply) => {
      metrics.httpDuration.observe(
        { method: request.method, route: request.routeOptions.url ?? "unmatched", status: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });
    app.get("/api/metrics", { schema: { hide: true } }, async (request, reply) => {
      if (!mayScrape(request, token)) throw notFound();
      reply.header("cache-control", "no-store");
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    });
  },
  { name: "metrics" },
);
