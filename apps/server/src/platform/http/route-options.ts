import { text } from "@helio/shared";
import type { FastifyContextConfig, FastifySchema, preHandlerAsyncHookHandler } from "fastify";
import { z } from "zod";
import type { Config } from "../../config.ts";
import type { Auth } from "../auth/auth.ts";
import { requireAdmin, requireMember } from "../auth/session.ts";
import { moneyRateLimit } from "../kit.ts";

/**
 * The options a group of routes shares (one audience of a feature: its OpenAPI tags, its guard and,
 * for money endpoints, the rate limit), so that each route states only its summary and schemas.
 */
function routeOptions(shared: {
  tags: string[];
  preHandler: preHandlerAsyncHookHandler;
  config?: FastifyContextConfig;
}) {
  const { tags, ...options } = shared;
  // `tags` first: the OpenAPI document lists each operation's fields in the order given.
  return <S extends FastifySchema>(schema: S) => ({ schema: { tags, ...schema }, ...options });
}

/**
 * The route options of one feature (`tag`): `asMember` for a signed-in member, `asMoneyEndpoint`
 * for the same under the per-member money rate limit, `asAdmin` for admins (listed under
 * `adminTags` in the OpenAPI document). A route then reads:
 *
 *     r.get(API.deposits, asMember({ summary: "…", response: { 200: listSchema } }), handler);
 */
export function featureRouteOptions(deps: { auth: Auth; config: Config }, tag: string, adminTags = ["admin", tag]) {
  const member = requireMember(deps.auth);
  return {
    asMember: routeOptions({ tags: [tag], preHandler: member }),
    asMoneyEndpoint: routeOptions({ tags: [tag], preHandler: member, config: moneyRateLimit(deps.config) }),
    asAdmin: routeOptions({ tags: adminTags, preHandler: requireAdmin(deps.auth) }),
  };
}

/** The path of an admin route about one member names them: `/api/admin/…/:uid`. */
export const memberUidParams = z.object({ uid: text().min(1).max(64) });
