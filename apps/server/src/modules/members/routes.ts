import { API, acceptTermsSchema, memberSchema, referralCheckResponseSchema, registerSchema, text } from "@helio/shared";
import { z } from "@helio/shared/zod";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentOf } from "../../platform/auth/session.ts";
import { featureRouteOptions } from "../../platform/http/route-options.ts";
import type { Services } from "../../services.ts";
import { toMember } from "./member.ts";
import { findUserIdByUsername } from "./queries.ts";
import { registerMember } from "./service.ts";
import { acceptTerms } from "./terms.ts";

export async function memberRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { auth, db, config } = services;
  const { asPublic, asMember } = featureRouteOptions(services, "members");
  const termsVersion = async () => (await services.settings.get()).termsVersion;

  r.post(
    API.register,
    asPublic(
      {
        summary: "Create a member account; a verification mail follows",
        body: registerSchema,
        response: { 201: z.object({ email: z.string() }) },
      },
      { config: { rateLimit: { max: config.authRateLimit, timeWindow: "1 minute" } } },
    ),
    async (request, reply) => {
      const result = await registerMember({ db, auth, termsVersion, now: services.now }, request.body, request.headers);
      return reply.status(201).send(result);
    },
  );

  r.get(
    API.referralCheck,
    asPublic(
      {
        summary: "Whether a referral code names a member",
        querystring: z.object({ code: text().check(z.trim(), z.minLength(1), z.maxLength(40)) }),
        response: { 200: referralCheckResponseSchema },
      },
      // It tells whether a username exists (usernames are public, but not to be listed in bulk).
      { config: { rateLimit: { max: config.authRateLimit * 3, timeWindow: "1 minute" } } },
    ),
    async (request) => ({ valid: Boolean(await findUserIdByUsername(db, request.query.code)) }),
  );

  r.get(API.me, asMember({ summary: "The signed-in member", response: { 200: memberSchema } }), async (request) =>
    toMember(currentOf(request), await termsVersion()),
  );

  r.post(
    API.meTerms,
    asMember({
      summary:
        "Accept the terms of `version`, the one in force (409 TERMS_VERSION_NOT_IN_FORCE naming `version` otherwise); accepting it again changes nothing; audited",
      body: acceptTermsSchema,
      response: { 200: memberSchema.shape.terms },
    }),
    async (request) => {
      const current = currentOf(request);
      return acceptTerms({ db, termsVersion, now: services.now }, current.user, request.body.version, request.ip);
    },
  );
}
