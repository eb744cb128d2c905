import { text } from "@helio/shared";
import type {
  FastifyContextConfig,
  FastifySchema,
  onRequestAsyncHookHandler,
  preHandlerAsyncHookHandler,
} from "fastify";
import { z } from "zod";
import type { Config } from "../../config.ts";
import type { Auth } from "../auth/auth.ts";
import { requireAdmin, requireMember } from "../auth/session.ts";
import { moneyRateLimit } from "../kit.ts";

/** The OpenAPI security scheme of the session cookie (declared in plugins/api-docs.ts). */
export const SESSION_SECURITY = "session";

/**
 * Who a group of routes is for: its OpenAPI tags, its guard, whether the session cookie is needed
 * (`required`; `optional` where the guard lets some requests in without it), and options every
 * route of the group shares (the money rate limit, say).
 */
export type Audience = {
  tags: string[];
  session: "required" | "optional" | "none";
  /** A guard that runs after validation, so that a bad request is a 400 whoever sends it. */
  preHandler?: preHandlerAsyncHookHandler;
  /** A guard that runs before the body is read or validated. */
  onRequest?: onRequestAsyncHookHandler;
  config?: FastifyContextConfig;
};

const SECURITY: Record<Audience["session"], Record<string, string[]>[]> = {
  required: [{ [SESSION_SECURITY]: [] }],
  optional: [{}, { [SESSION_SECURITY]: [] }],
  none: [],
};

/**
 * The options of one audience's routes, so that each route states only its summary and schemas
 * (and, where it has one of its own, its config: a rate limit, say). Every route is declared
 * through this, mostly by way of `featureRouteOptions`.
 */
export function routeOptions(audience: Audience) {
  const { tags, session, config: shared, ...guards } = audience;
  const security = SECURITY[session];
  // `tags` first: the OpenAPI document lists each operation's fields in the order given.
  return <S extends FastifySchema>(schema: S, own: { config?: FastifyContextConfig } = {}) => ({
    schema: { tags, ...schema, security },
    ...guards,
    ...(shared || own.config ? { config: { ...shared, ...own.config } } : {}),
  });
}

/**
 * The route options of one feature (`tag`): `asPublic` for anyone, `asMember` for a signed-in
 * member, `asMoneyEndpoint` for the same under the per-member money rate limit, `asAdmin` for
 * admins (listed under `adminTags` in the OpenAPI document). A route then reads:
 *
 *     r.get(API.deposits, asMember({ summary: "…", response: { 200: listSchema } }), handler);
 */
export function featureRouteOptions(deps: { auth: Auth; config: Config }, tag: string, adminTags = ["admin", tag]) {
  const member = requireMember(deps.auth);
  return {
    asPublic: routeOptions({ tags: [tag], session: "none" }),
    asMember: routeOptions({ tags: [tag], session: "required", preHandler: member }),
    asMoneyEndpoint: routeOptions({
      tags: [tag],
      session: "required",
      preHandler: member,
      config: moneyRateLimit(deps.config),
    }),
    asAdmin: routeOptions({ tags: adminTags, session: "required", preHandler: requireAdmin(deps.auth) }),
  };
}

/** The path of an admin route about one member names them: `/api/admin/…/:uid`. */
export const memberUidParams = z.object({ uid: text().min(1).max(64) });
