import {
  API,
  API_PATTERNS,
  adminMemberDetailSchema,
  adminMembersQuerySchema,
  adminMembersResponseSchema,
  auditQuerySchema,
  auditResponseSchema,
  impersonationExchangeSchema,
  impersonationTokenResponseSchema,
  memberStatusActionSchema,
  memberTradingLockSchema,
  memberTradingModeSchema,
} from "@helio/shared";
import { z } from "@helio/shared/zod";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { listAudit, recordAudit } from "../../platform/audit/audit.ts";
import { adminActorOf, toWebHeaders } from "../../platform/auth/session.ts";
import { AppError, notFound } from "../../platform/http/errors.ts";
import { featureRouteOptions, memberUidParams, routeOptions } from "../../platform/http/route-options.ts";
import type { Services } from "../../services.ts";
import { findMember, listMembers } from "./queries.ts";
import {
  changeMemberStatus,
  issueImpersonationToken,
  redeemImpersonationToken,
  setTradingLock,
  setTradingMode,
  toDetail,
  toSummary,
} from "./service.ts";

/** Copies better-auth's cookies (the impersonation session) onto our reply. */
function forwardCookies(response: Response, reply: FastifyReply) {
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header("set-cookie", cookies);
}

export async function adminRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { auth, db, realtime, config } = services;
  const deps = { db, realtime };
  const tags = ["admin"];
  const { asAdmin } = featureRouteOptions(services, "admin", tags);
  // Stopping reads the impersonation session itself: no guard, but the session cookie is needed.
  const asImpersonation = routeOptions({ tags, session: "required" });

  r.get(
    API.adminMembers,
    asAdmin({
      access: "membersRead",
      summary: "Members, searchable and paged",
      querystring: adminMembersQuerySchema,
      response: { 200: adminMembersResponseSchema },
    }),
    async (request) => {
      const { rows, total } = await listMembers(db, request.query);
      return { items: rows.map(toSummary), total, page: request.query.page, pageSize: request.query.pageSize };
    },
  );

  r.get(
    API_PATTERNS.adminMember,
    asAdmin({
      access: "membersRead",
      summary: "One member",
      params: memberUidParams,
      response: { 200: adminMemberDetailSchema },
    }),
    async (request) => {
      const row = await findMember(db, request.params.uid);
      if (!row) throw notFound("Member not found");
      return toDetail(row);
    },
  );

  r.post(
    API_PATTERNS.adminMemberStatus,
    asAdmin({
      access: "memberStatus",
      summary: "Block, unblock, ban or unban",
      params: memberUidParams,
      body: memberStatusActionSchema,
      response: { 200: adminMemberDetailSchema },
    }),
    async (request) => {
      const { action, reason } = request.body;
      return changeMemberStatus(deps, adminActorOf(request), request.params.uid, action, reason);
    },
  );

  r.put(
    API_PATTERNS.adminMemberTrading,
    asAdmin({
      access: "memberTradingMode",
      summary: "Switch Real (true) / Free (false)",
      params: memberUidParams,
      body: memberTradingModeSchema,
      response: { 200: adminMemberDetailSchema },
    }),
    async (request) => setTradingMode(deps, adminActorOf(request), request.params.uid, request.body.userTrading),
  );

  r.put(
    API_PATTERNS.adminMemberTradingLock,
    asAdmin({
      access: "memberTradingMode",
      summary: "Lock a member to Practice (true) or lift the lock (false)",
      params: memberUidParams,
      body: memberTradingLockSchema,
      response: { 200: adminMemberDetailSchema },
    }),
    async (request) => setTradingLock(deps, adminActorOf(request), request.params.uid, request.body.locked),
  );

  r.post(
    API_PATTERNS.adminMemberImpersonate,
    asAdmin({
      access: "impersonation",
      summary: "A single-use, 60-second 'sign in as member' link",
      params: memberUidParams,
      response: { 200: impersonationTokenResponseSchema },
    }),
    async (request) => issueImpersonationToken(deps, adminActorOf(request), request.params.uid),
  );

  r.get(
    API.adminAudit,
    asAdmin({
      access: "auditRead",
      summary: "Audit log of admin actions",
      querystring: auditQuerySchema,
      response: { 200: auditResponseSchema },
    }),
    async (request) => listAudit(db, request.query),
  );

  r.post(
    API.impersonationExchange,
    asAdmin(
      {
        access: "impersonation",
        summary: "Exchange a sign-in-as-member link for an impersonation session",
        body: impersonationExchangeSchema,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
      { config: { rateLimit: { max: config.authRateLimit, timeWindow: "1 minute" } } },
    ),
    async (request, reply) => {
      const { username, token } = request.body;
      const targetId = await redeemImpersonationToken(deps, adminActorOf(request), username, token);
      const response = await auth.api.impersonateUser({
        body: { userId: targetId },
        headers: toWebHeaders(request.headers),
        asResponse: true,
      });
      if (!response.ok) throw new AppError(403, "FORBIDDEN", "This member cannot be opened.");
      forwardCookies(response, reply);
      return { ok: true as const };
    },
  );

  r.post(
    API.impersonationStop,
    asImpersonation(
      {
        summary: "End the impersonation and return to the admin session",
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
      { config: { allowedWhileImpersonating: true } },
    ),
    async (request, reply) => {
      const headers = toWebHeaders(request.headers);
      const current = await auth.api.getSession({ headers });
      const adminId = (current?.session as { impersonatedBy?: string | null } | undefined)?.impersonatedBy;
      if (!current || !adminId) throw new AppError(400, "VALIDATION_FAILED", "Not in an impersonation session.");
      const response = await auth.api.stopImpersonating({ headers, asResponse: true });
      if (!response.ok) throw new AppError(400, "VALIDATION_FAILED", "Not in an impersonation session.");
      await recordAudit(db, {
        actorId: adminId,
        action: "member.impersonation_end",
        targetUserId: current.user.id,
        ip: request.ip,
      });
      forwardCookies(response, reply);
      return { ok: true as const };
    },
  );
}
