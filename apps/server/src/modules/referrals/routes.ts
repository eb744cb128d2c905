import {
  API,
  API_PATTERNS,
  adminMemberNetworkSchema,
  referralMembersQuerySchema,
  referralMembersResponseSchema,
  referralNetworkSchema,
} from "@helio/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentOf } from "../../platform/auth/session.ts";
import { notFound } from "../../platform/http/errors.ts";
import { featureRouteOptions, memberUidParams } from "../../platform/http/route-options.ts";
import type { Services } from "../../services.ts";
import { memberStanding } from "./queries.ts";
import { adminNetworkOf, membersOfLevel, networkOf } from "./service.ts";

/** The Network page (totals and members per level) and a member's network in the back office. */
export async function referralRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, settings } = services;
  const deps = { db, settings };
  const { asMember, asAdmin } = featureRouteOptions(services, "referrals", ["admin"]);

  r.get(
    API.referralNetwork,
    asMember({
      summary: "The member's referral code and, per level, members, what they invested and the commissions earned",
      response: { 200: referralNetworkSchema },
    }),
    async (request) => {
      const { user } = currentOf(request);
      return networkOf(deps, user.id, user.username ?? "");
    },
  );

  r.get(
    API.referralMembers,
    asMember({
      summary: "Members of one level (name, joined, invested; never email or balances), newest first, paged",
      querystring: referralMembersQuerySchema,
      response: { 200: referralMembersResponseSchema },
    }),
    async (request) => membersOfLevel(deps, currentOf(request).user.id, request.query),
  );

  r.get(
    API_PATTERNS.adminMemberNetwork,
    asAdmin({
      access: "networkRead",
      summary: "A member's upline (with whether each earns), downline per level and commissions earned",
      params: memberUidParams,
      response: { 200: adminMemberNetworkSchema },
    }),
    async (request) => {
      if (!(await memberStanding(db, request.params.uid))) throw notFound("Member not found");
      return adminNetworkOf(deps, request.params.uid);
    },
  );
}
