import { API, signInEventsResponseSchema } from "@helio/shared";
import { desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Executor } from "../../db/client.ts";
import { currentOf, requireMember } from "../../platform/auth/session.ts";
import { signInEvents } from "../../platform/auth/tables.ts";
import type { Services } from "../../services.ts";
import { twoFactorResetRoutes } from "./two-factor-reset.ts";

export async function recentSignIns(db: Executor, uid: string, limit = 20) {
  const rows = await db
    .select()
    .from(signInEvents)
    .where(eq(signInEvents.userId, uid))
    .orderBy(desc(signInEvents.createdAt))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    ipAddress: r.ipAddress,
    userAgent: r.userAgent,
    bySupport: r.impersonatedBy !== null,
    createdAt: r.createdAt.toISOString(),
  }));
}

export async function securityRoutes(app: FastifyInstance, { services }: { services: Services }) {
  await twoFactorResetRoutes(app, services);
  app.withTypeProvider<ZodTypeProvider>().get(
    API.signIns,
    {
      schema: {
        tags: ["security"],
        summary: "The member's recent sign-ins",
        response: { 200: signInEventsResponseSchema },
      },
      preHandler: requireMember(services.auth),
    },
    async (request) => ({ items: await recentSignIns(services.db, currentOf(request).user.id) }),
  );
}
