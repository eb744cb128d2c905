import { API, memberLimitsSchema, setMemberLimitSchema } from "@helio/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentOf } from "../../platform/auth/session.ts";
import { featureRouteOptions } from "../../platform/http/route-options.ts";
import type { Services } from "../../services.ts";
import { depositedSince } from "../deposits/index.ts";
import { stakeFigures } from "../trading/index.ts";
import { memberLimitsOf, setMemberLimit, type UsageReaders } from "./service.ts";

const readers: UsageReaders = { stakeFigures, depositedSince };

export async function protectionRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, now } = services;
  const { asMember } = featureRouteOptions(services, "protection");

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
}
