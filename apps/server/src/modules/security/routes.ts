import { API, API_PATTERNS, adminFreezeSchema, freezeAccountSchema, signInEventsResponseSchema } from "@helio/shared";
import { desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Executor } from "../../db/client.ts";
import { adminActorOf, currentOf } from "../../platform/auth/session.ts";
import { signInEvents } from "../../platform/auth/tables.ts";
import { featureRouteOptions, memberUidParams } from "../../platform/http/route-options.ts";
import type { Services } from "../../services.ts";
import { freezeByLink, freezeOf, liftFreeze } from "./freeze.ts";
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
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { asMember, asPublic, asAdmin } = featureRouteOptions(services, "security", ["admin", "security"]);
  r.get(
    API.signIns,
    asMember({ summary: "The member's recent sign-ins", response: { 200: signInEventsResponseSchema } }),
    async (request) => ({ items: await recentSignIns(services.db, currentOf(request).user.id) }),
  );

  r.post(
    API.accountFreeze,
    asPublic(
      {
        summary:
          "The 'it was not me' link of a security mail: freezes money out until support lifts it and signs every session out (no sign-in needed; a used link answers the same)",
        body: freezeAccountSchema,
        response: { 200: z.object({ frozen: z.literal(true) }) },
      },
      { config: { rateLimit: { max: services.config.authRateLimit, timeWindow: "1 minute" } } },
    ),
    async (request) => freezeByLink(services, request.body.token, request.ip, services.now()),
  );

  r.get(
    API_PATTERNS.adminMemberFreeze,
    asAdmin({
      access: "memberMoneyRead",
      summary: "Whether the member froze money out, since when and after which mail",
      params: memberUidParams,
      response: { 200: adminFreezeSchema },
    }),
    async (request) => freezeOf(services.db, request.params.uid),
  );

  r.delete(
    API_PATTERNS.adminMemberFreeze,
    asAdmin({
      access: "memberStatus",
      summary: "Lift the member's freeze (after speaking with them); audited",
      params: memberUidParams,
      response: { 200: adminFreezeSchema },
    }),
    async (request) => liftFreeze(services, adminActorOf(request), request.params.uid),
  );
}
