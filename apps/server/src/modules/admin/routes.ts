import {
  API,
  adminMemberDetailSchema,
  adminMembersQuerySchema,
  adminMembersResponseSchema,
  auditQuerySchema,
  auditResponseSchema,
  impersonationExchangeSchema,
  impersonationTokenResponseSchema,
  memberStatusActionSchema,
  memberTradingModeSchema,
  text,
} from "@helio/shared";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { listAudit, recordAudit } from "../../platform/audit/audit.ts";
import { currentOf, requireAdmin, toWebHeaders } from "../../platform/auth/session.ts";
import { AppError, notFound } from "../../platform/http/errors.ts";
import type { Services } from "../../services.ts";
import { findMember, listMembers } from "./queries.ts";
import {
  changeMemberStatus,
  issueImpersonationToken,
  redeemImpersonationToken,
  setTradingMode,
  toDetail,
  toSummary,
} from "./service.ts";

const uidParams = z.object({ uid: text().min(1).max(64) });

/** Copies better-auth's cookies (the impersonation session) onto our reply. */
function forwardCookies(response: Response, reply: FastifyReply) {
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header("set-cookie", cookies);
}

export async function adminRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { auth, db, realtime, config } = services;
  const admin = requireAdmin(auth);
  const deps = { db, realtime };
  const tags = ["admin"];

  r.get(
    API.adminMembers,
    {
      schema: {
        tags,
        summary: "Members, searchable and paged",
        querystring: adminMembersQuerySchema,
        response: { 200: adminMembersResponseSchema },
      },
      preHandler: admin,
    },
    async (request) => {
      const { rows, total } = await listMembers(db, request.query);
      return { items: rows.map(toSummary), total, page: request.query.page, pageSize: request.query.pageSize };
    },
  );

  r.get(
    "/api/admin/members/:uid",
    {
      schema: { tags, summary: "One member", params: uidParams, response: { 200: adminMemberDetailSchema } },
      preHandler: admin,
    },
    async (request) => {
      const row = await findMember(db, request.params.uid);
      if (!row) throw notFound("Member not found");
      return toDetail(row);
    },
  );

  r.post(
    "/api/admin/members/:uid/status",
    {
      schema: {
        tags,
        summary: "Block, unblock, ban or unban",
        params: uidParams,
        body: memberStatusActionSchema,
        response: { 200: adminMemberDetailSchema },
      },
      preHandler: admin,
    },
    async (request) =>
      changeMemberStatus(
        deps,
        { adminId: currentOf(request).user.id, ip: request.ip },
        request.params.uid,
        request.body.action,
        request.body.reason,
      ),
  );

  r.put(
    "/api/admin/members/:uid/trading",
    {
      schema: {
        tags,
        summary: "Switch Real (true) / Free (false)",
        params: uidParams,
        body: memberTradingModeSchema,
        response: { 200: adminMemberDetailSchema },
      },
      preHandler: admin,
    },
    async (request) =>
      setTradingMode(
        deps,
        { adminId: currentOf(request).user.id, ip: request.ip },
        request.params.uid,
        request.body.userTrading,
      ),
  );

  r.post(
    "/api/admin/members/:uid/impersonation-token",
    {
      schema: {
        tags,
        summary: "A single-use, 60-second 'sign in as member' link",
        params: uidParams,
        response: { 200: impersonationTokenResponseSchema },
      },
      preHandler: admin,
    },
    async (request) =>
      issueImpersonationToken(deps, { adminId: currentOf(request).user.id, ip: request.ip }, request.params.uid),
  );

  r.get(
    API.adminAudit,
    {
      schema: {
        tags,
        summary: "Audit log of admin actions",
        querystring: auditQuerySchema,
        response: { 200: auditResponseSchema },
      },
      preHandler: admin,
    },
    async (request) => listAudit(db, request.query),
  );

  r.post(
    API.impersonationExchange,
    {
      schema: {
        tags,
        summary: "Exchange a sign-in-as-member link for an impersonation session",
        body: impersonationExchangeSchema,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
      preHandler: admin,
      config: { rateLimit: { max: config.authRateLimit, timeWindow: "1 minute" } },
    },
    async (request, reply) => {
      const adminId = currentOf(request).user.id;
      const targetId = await redeemImpersonationToken(
        deps,
        { adminId, ip: request.ip },
        request.body.username,
        request.body.token,
      );
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
    {
      schema: {
        tags,
        summary: "End the impersonation and return to the admin session",
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
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
