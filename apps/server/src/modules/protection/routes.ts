import {
  API,
  API_PATTERNS,
  adminMemberProtectionSchema,
  breakStatusSchema,
  liftBreakSchema,
  memberLimitsSchema,
  setMemberLimitSchema,
  takeBreakSchema,
} from "@helio/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { adminActorOf, currentOf } from "../../platform/auth/session.ts";
import { featureRouteOptions, memberUidParams } from "../../platform/http/route-options.ts";
import type { Services } from "../../services.ts";
import { depositedSince } from "../deposits/index.ts";
import { stakeFigures } from "../trading/index.ts";
import { breakStatus, liftBreak, memberBreaks, takeBreak } from "./breaks.ts";
import { realityRoutes } from "./reality-routes.ts";
import { memberLimitsOf, setMemberLimit, type UsageReaders } from "./service.ts";

const readers: UsageReaders = { stakeFigures, depositedSince };

export async function protectionRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, auth, now } = services;
  const { asMember, asAdmin } = featureRouteOptions(services, "protection");

  const limitsOf = (request: Parameters<typeof currentOf>[0]) => {
    const { user, session } = currentOf(request);
    return memberLimitsOf(db, readers, { userId: user.id, now: now(), sessionStartedAt: session.createdAt });
  };

  r.get(
    API.protectionLimits,
    asMember({
      summary:
        "The limits the member set on themselves (in force, waiting for their cooling-off), with what is used of each on Real money",
      response: { 200: memberLimitsSchema },
    }),
    async (request) => limitsOf(request),
  );

  await realityRoutes(app, services);

  r.put(
    API.protectionLimits,
    asMember({
      summary:
        "Set or remove one limit: lowering holds at once, raising or removing after 24 hours; the limits in force are answered",
      body: setMemberLimitSchema,
      response: { 200: memberLimitsSchema },
    }),
    async (request) => {
      await setMemberLimit(db, currentOf(request).user.id, request.body, now());
      return limitsOf(request);
    },
  );

  r.get(
    API.protectionBreak,
    asMember({
      summary: "The member's timeout or self-exclusion in force, if any",
      response: { 200: breakStatusSchema },
    }),
    async (request) => breakStatus(db, currentOf(request).user.id, now()),
  );

  r.post(
    API.protectionBreak,
    asMember({
      summary:
        "Take a timeout (1–42 days) or exclude oneself (6–60 months), confirmed with the password: no Real trades, deposits or package purchases until it ends; one in force can only be made longer",
      body: takeBreakSchema,
      response: { 201: breakStatusSchema },
    }),
    async (request, reply) => {
      const status = await takeBreak({ db, auth }, currentOf(request).user.id, request.body, {
        now: now(),
        ip: request.ip,
      });
      return reply.code(201).send(status);
    },
  );

  r.get(
    API_PATTERNS.adminMemberProtection,
    asAdmin({
      access: "memberMoneyRead",
      summary: "A member's own limits (with what is used of each), the break in force and every past one",
      params: memberUidParams,
      response: { 200: adminMemberProtectionSchema },
    }),
    async (request) => {
      const userId = request.params.uid;
      const at = now();
      const limits = await memberLimitsOf(db, readers, { userId, now: at, sessionStartedAt: at });
      const withoutSession = limits.limits.map((l) => (l.key === "sessionMinutes" ? { ...l, used: null } : l));
      return { limits: withoutSession, ...(await memberBreaks(db, userId, at)) };
    },
  );

  r.post(
    API_PATTERNS.adminMemberBreakLift,
    asAdmin({
      access: "breakLift",
      summary: "End a member's timeout or self-exclusion early, with a written reason (audited)",
      params: memberUidParams,
      body: liftBreakSchema,
      response: { 200: breakStatusSchema },
    }),
    async (request) => {
      const at = now();
      await liftBreak(db, adminActorOf(request), request.params.uid, request.body.reason, at);
      return breakStatus(db, request.params.uid, at);
    },
  );
}
