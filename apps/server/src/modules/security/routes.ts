import {
  API,
  API_PATTERNS,
  adminClosureSchema,
  adminFreezeSchema,
  closeAccountResponseSchema,
  closeAccountSchema,
  closureCheckSchema,
  freezeAccountSchema,
  signInEventsResponseSchema,
} from "@helio/shared";
import { z } from "@helio/shared/zod";
import { desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Executor } from "../../db/client.ts";
import { adminActorOf, currentOf } from "../../platform/auth/session.ts";
import { signInEvents } from "../../platform/auth/tables.ts";
import { featureRouteOptions, memberUidParams } from "../../platform/http/route-options.ts";
import type { Services } from "../../services.ts";
import { closeAccount, closureCheck, closureOf } from "./closure.ts";
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

  r.get(
    API.accountClose,
    asMember({
      summary:
        "What keeps the member's account open: money in a Real account, a withdrawal on its way, an open contract",
      response: { 200: closureCheckSchema },
    }),
    async (request) => closureCheck(services.db, currentOf(request).user.id),
  );

  r.post(
    API.accountClose,
    asMember(
      {
        summary:
          "Close the member's own account (password, and the authenticator code with two-factor on); 409 CLOSURE_BLOCKED naming each thing that keeps it open. Every session ends; the records stay",
        body: closeAccountSchema,
        response: { 200: closeAccountResponseSchema },
      },
      { config: { rateLimit: { max: services.config.authRateLimit, timeWindow: "1 minute" } } },
    ),
    async (request) => {
      const { user } = currentOf(request);
      return closeAccount(services, user, request.body, { headers: request.headers, ip: request.ip });
    },
  );

  r.get(
    API_PATTERNS.adminMemberClosure,
    asAdmin({
      access: "membersRead",
      summary: "Whether the member closed their account, and when",
      params: memberUidParams,
      response: { 200: adminClosureSchema },
    }),
    async (request) => closureOf(services.db, request.params.uid),
  );
}
