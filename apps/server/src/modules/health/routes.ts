import { API, text } from "@helio/shared";
import { z } from "@helio/shared/zod";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { readSession } from "../../platform/auth/session.ts";
import { AppError } from "../../platform/http/errors.ts";
import { routeOptions } from "../../platform/http/route-options.ts";
import { listOutbox } from "../../platform/mail/mailer.ts";
import type { Services } from "../../services.ts";
import { readinessOf } from "./readiness.ts";

export async function healthRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const asProbe = routeOptions({ tags: ["ops"], session: "none" });
  r.get(
    API.health,
    asProbe({
      summary: "200 only when the database answers",
      response: { 200: z.object({ status: z.literal("ok") }), 503: z.object({ status: z.literal("unavailable") }) },
    }),
    async (_request, reply) => {
      try {
        await services.db.execute(sql`select 1`);
        return { status: "ok" as const };
      } catch {
        return reply.status(503).send({ status: "unavailable" as const });
      }
    },
  );

  // No database query: a slow database under load must not take every process out of rotation at
  // once (that is /api/health's question). Only the process's own state: listening, not shutting down.
  const readiness = readinessOf(services);
  r.get(
    API.ready,
    asProbe({
      summary: "Readiness for a load balancer: 200 while serving, 503 from the moment shutdown begins",
      response: { 200: z.object({ status: z.literal("ready") }), 503: z.object({ status: z.literal("draining") }) },
    }),
    async (_request, reply) => {
      readiness.probed = true;
      reply.header("cache-control", "no-store");
      if (readiness.draining) return reply.status(503).send({ status: "draining" as const });
      return { status: "ready" as const };
    },
  );

  if (services.mailer.kind === "outbox" && services.config.env !== "production") {
    const asOutboxReader = routeOptions({
      tags: ["ops"],
      session: "optional",
      preHandler: async (request, reply) => {
        reply.header("cache-control", "no-store");
        if (isLoopback(request.raw.socket.remoteAddress)) return;
        const current = await readSession(services.auth, request.headers);
        if (current?.user.role !== "admin") throw new AppError(404, "NOT_FOUND", "Not found");
      },
    });
    r.get(
      API.outbox,
      asOutboxReader({
        summary: "Development mail outbox (only without SMTP, outside production; loopback or admins)",
        querystring: z.object({ to: z.optional(text().check(z.maxLength(254))) }),
        response: {
          200: z.object({
            items: z.array(
              z.object({
                id: z.string(),
                to: z.string(),
                subject: z.string(),
                text: z.string(),
                html: z.nullable(z.string()),
                messageId: z.nullable(z.string()),
                createdAt: z.string(),
              }),
            ),
          }),
        },
      }),
      async (request) => {
        const rows = await listOutbox(services.db, request.query.to);
        return { items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
      },
    );
  }
}

/**
 * The outbox holds verification and password-reset links: only this machine (the socket's own
 * address, never X-Forwarded-For, so TRUST_PROXY cannot widen it) or an admin may read it.
 */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith("::ffff:") ? address.slice(7) : address;
  return v4.startsWith("127.") || address === "::1";
}
