import {
  API,
  accountLimitsSchema,
  realityCheckSchema,
  setRealityIntervalSchema,
  type WsServerMessage,
} from "@helio/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentOf } from "../../platform/auth/session.ts";
import { featureRouteOptions } from "../../platform/http/route-options.ts";
import type { Services } from "../../services.ts";
import { depositedSince } from "../deposits/index.ts";
import { countOpen, realContractsSince, stakeFigures } from "../trading/index.ts";
import { accountLimitsOf } from "./account-limits.ts";
import { acknowledgeRealityCheck, type RealitySession, realityCheckOf, setRealityInterval } from "./reality.ts";

const REREAD: WsServerMessage = { type: "reality.check" };

/** The reality check of the member's session, and every limit that applies to them. */
export async function realityRoutes(app: FastifyInstance, services: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, now, realtime, config, settings } = services;
  const { asMember } = featureRouteOptions(services, "protection");

  const sessionOf = (request: FastifyRequest): RealitySession => {
    const { user, session } = currentOf(request);
    return { userId: user.id, sessionId: session.id, startedAt: session.createdAt };
  };
  const checkOf = (request: FastifyRequest) => realityCheckOf(db, realContractsSince, sessionOf(request), now());

  r.get(
    API.protectionRealityCheck,
    asMember({
      summary:
        "The reality check of this session: its Real contracts' figures since sign-in, and when the next check is due",
      response: { 200: realityCheckSchema },
    }),
    async (request) => checkOf(request),
  );

  r.post(
    API.protectionRealityCheck,
    asMember({
      summary:
        "Acknowledge the reality check: the next is due one interval from now, and every tab of the member is told",
      response: { 200: realityCheckSchema },
    }),
    async (request) => {
      await acknowledgeRealityCheck(db, sessionOf(request), now());
      await realtime.toUser(currentOf(request).user.id, REREAD);
      return checkOf(request);
    },
  );

  r.put(
    API.protectionRealityInterval,
    asMember({
      summary: "How often the reality check comes while the member trades Real money (10–120 minutes)",
      body: setRealityIntervalSchema,
      response: { 200: realityCheckSchema },
    }),
    async (request) => {
      const userId = currentOf(request).user.id;
      await setRealityInterval(db, userId, request.body, {
        now: now(),
        minSeconds: config.realityCheckMinSeconds,
      });
      await realtime.toUser(userId, REREAD);
      return checkOf(request);
    },
  );

  r.get(
    API.protectionAccountLimits,
    asMember({
      summary:
        "Every limit that applies to the member: the platform's (stakes, open contracts, payouts, deposits, withdrawals, fees) and their own, with what is used of each",
      response: { 200: accountLimitsSchema },
    }),
    async (request) => {
      const { userId, startedAt } = sessionOf(request);
      return accountLimitsOf(
        db,
        { stakeFigures, depositedSince, countOpen },
        { userId, now: now(), sessionStartedAt: startedAt, settings: await settings.get() },
      );
    },
  );
}
