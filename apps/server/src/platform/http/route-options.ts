import { STAFF_ACCESS, STAFF_ROLE_LABELS, type StaffAccess, text } from "@helio/shared";
import type {
  FastifyContextConfig,
  FastifySchema,
  onRequestAsyncHookHandler,
  preHandlerAsyncHookHandler,
} from "fastify";
import { z } from "zod";
import type { Config } from "../../config.ts";
import type { Executor } from "../../db/client.ts";
import type { Auth } from "../auth/auth.ts";
import { requireMember } from "../auth/session.ts";
import { requireStaff } from "../auth/staff.ts";
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
 * A back-office route's options: its `access` (`STAFF_ACCESS` of packages/shared) names the roles
 * that may call it, checked by `requireStaff` and listed in the OpenAPI document (`x-roles`, and
 * in words in the description).
 */
export function staffRouteOptions(deps: { auth: Auth; db: Executor; config: Config }, tags: string[]) {
  return <S extends FastifySchema & { access: StaffAccess; description?: string }>(options: S) => {
    const { access, ...schema } = options;
    const roles = STAFF_ACCESS[access];
    const who = `Staff roles: ${roles.map((role) => STAFF_ROLE_LABELS[role]).join(", ")}.`;
    return {
      schema: {
        tags,
        ...schema,
        description: schema.description ? `${schema.description}\n\n${who}` : who,
        "x-roles": [...roles],
      },
      onRequest: requireStaff(deps.auth, deps.db, roles, {
        twoFactor: deps.config.staffTwoFactor,
      }) as onRequestAsyncHookHandler,
    };
  };
}

/**
 * The route options of one feature (`tag`): `asMember` for a signed-in member, `asMoneyEndpoint`
 * for the same under the per-member money rate limit, `asAdmin` for staff holding the route's
 * `access` (listed under `adminTags` in the OpenAPI document). A route then reads:
 *
 *     r.get(API.deposits, asMember({ summary: "…", response: { 200: listSchema } }), handler);
 *     r.post(path, asAdmin({ access: "depositsDecide", summary: "…" }), handler);
 */
export function featureRouteOptions(
  deps: { auth: Auth; config: Config; db: Executor },
  tag: string,
  adminTags = ["admin", tag],
) {
  const member = requireMember(deps.auth);
  return {
    asMember: routeOptions({ tags: [tag], preHandler: member }),
    asMoneyEndpoint: routeOptions({ tags: [tag], preHandler: member, config: moneyRateLimit(deps.config) }),
    asAdmin: staffRouteOptions(deps, adminTags),
  };
}

/** The path of an admin route about one member names them: `/api/admin/…/:uid`. */
export const memberUidParams = z.object({ uid: text().min(1).max(64) });
