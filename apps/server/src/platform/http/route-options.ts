import { STAFF_ACCESS, STAFF_ROLE_LABELS, type StaffAccess, text } from "@helio/shared";
import { z } from "@helio/shared/zod";
import type {
  FastifyContextConfig,
  FastifySchema,
  onRequestAsyncHookHandler,
  preHandlerAsyncHookHandler,
} from "fastify";
import type { Config } from "../../config.ts";
import type { Executor } from "../../db/client.ts";
import type { Auth } from "../auth/auth.ts";
import { requireMember } from "../auth/session.ts";
import { requireStaff } from "../auth/staff.ts";
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
 * A back-office route's options: its `access` (`STAFF_ACCESS` of packages/shared) names the roles
 * that may call it, checked by `requireStaff` before the body is read and listed in the OpenAPI
 * document (`x-roles`, and in words in the description).
 */
export function staffRouteOptions(deps: { auth: Auth; db: Executor; config: Config }, tags: string[]) {
  return <S extends FastifySchema & { access: StaffAccess; description?: string }>(
    options: S,
    own: { config?: FastifyContextConfig } = {},
  ) => {
    const { access, ...schema } = options;
    const roles = STAFF_ACCESS[access];
    const who = `Staff roles: ${roles.map((role) => STAFF_ROLE_LABELS[role]).join(", ")}.`;
    return {
      schema: {
        tags,
        ...schema,
        description: schema.description ? `${schema.description}\n\n${who}` : who,
        "x-roles": [...roles],
        security: SECURITY.required,
      },
      onRequest: requireStaff(deps.auth, deps.db, roles, {
        twoFactor: deps.config.staffTwoFactor,
      }) as onRequestAsyncHookHandler,
      ...(own.config ? { config: own.config } : {}),
    };
  };
}

/**
 * The route options of one feature (`tag`): `asPublic` for anyone, `asMember` for a signed-in
 * member, `asMoneyEndpoint` for the same under the per-member money rate limit, `asAdmin` for staff
 * holding the route's `access` (listed under `adminTags` in the OpenAPI document). A route then reads:
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
    asPublic: routeOptions({ tags: [tag], session: "none" }),
    asMember: routeOptions({ tags: [tag], session: "required", preHandler: member }),
    asMoneyEndpoint: routeOptions({
      tags: [tag],
      session: "required",
      preHandler: member,
      config: moneyRateLimit(deps.config),
    }),
    asAdmin: staffRouteOptions(deps, adminTags),
  };
}

/** The path of an admin route about one member names them: `/api/admin/…/:uid`. */
export const memberUidParams = z.object({ uid: text().check(z.minLength(1), z.maxLength(64)) });
