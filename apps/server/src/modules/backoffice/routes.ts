import {
  API,
  adminAdjustResponseSchema,
  adminAdjustSchema,
  adminDashboardSchema,
  adminMemberMoneySchema,
  demoResetResponseSchema,
  ledgerReportSchema,
  text,
  walletHistoryQuerySchema,
  walletHistoryResponseSchema,
} from "@helio/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentOf, requireAdmin } from "../../platform/auth/session.ts";
import { idempotencyKeyOf, sendIdempotent } from "../../platform/money/idempotency.ts";
import type { Services } from "../../services.ts";
import { memberHistory } from "../ledger/index.ts";
import { resetDemo } from "../wallet/index.ts";
import { adjustBalance, dashboard, ledgerVerification, memberMoney, requireMemberRow } from "./service.ts";

const uidParams = z.object({ uid: text().min(1).max(64) });

/** Admin-only money endpoints: dashboard numbers, a member's money, adjustments, demo reset, ledger check. */
export async function backofficeRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { auth, db, realtime } = services;
  const admin = requireAdmin(auth);
  const deps = { db, realtime };
  const tags = ["admin"];
  const actorOf = (request: Parameters<typeof currentOf>[0]) => ({
    adminId: currentOf(request).user.id,
    ip: request.ip,
  });

  r.get(
    API.adminDashboard,
    {
      schema: {
        tags,
        summary: "Dashboard numbers (queues, money totals, today's deposits and withdrawals)",
        response: { 200: adminDashboardSchema },
      },
      preHandler: admin,
    },
    async () => dashboard(deps),
  );

  r.get(
    "/api/admin/members/:uid/money",
    {
      schema: {
        tags,
        summary: "A member's balances, KYC and bank data (full account number)",
        params: uidParams,
        response: { 200: adminMemberMoneySchema },
      },
      preHandler: admin,
    },
    async (request) => memberMoney(deps, request.params.uid),
  );

  r.get(
    "/api/admin/members/:uid/ledger",
    {
      schema: {
        tags,
        summary: "A member's ledger entries (same filters and shape as /api/wallet/history)",
        params: uidParams,
        querystring: walletHistoryQuerySchema,
        response: { 200: walletHistoryResponseSchema },
      },
      preHandler: admin,
    },
    async (request) => {
      await requireMemberRow(deps, request.params.uid);
      const { page, pageSize, ...filter } = request.query;
      return memberHistory(db, request.params.uid, filter, { page, pageSize });
    },
  );

  r.post(
    "/api/admin/members/:uid/adjust",
    {
      schema: {
        tags,
        summary: "Credit or debit wallet, profit or bonus with a reason (audited); Idempotency-Key honoured",
        params: uidParams,
        body: adminAdjustSchema,
        response: { 200: adminAdjustResponseSchema },
      },
      preHandler: admin,
    },
    async (request, reply) =>
      sendIdempotent(
        reply,
        await adjustBalance(deps, actorOf(request), request.params.uid, request.body, idempotencyKeyOf(request)),
      ),
  );

  r.post(
    "/api/admin/members/:uid/demo-reset",
    {
      schema: {
        tags,
        summary: "Reset a member's demo balance to 10,000.00 (audited); Idempotency-Key honoured",
        params: uidParams,
        response: { 200: demoResetResponseSchema },
      },
      preHandler: admin,
    },
    async (request, reply) => {
      await requireMemberRow(deps, request.params.uid);
      return sendIdempotent(
        reply,
        await resetDemo(deps, request.params.uid, idempotencyKeyOf(request), actorOf(request)),
      );
    },
  );

  r.get(
    API.adminLedgerVerify,
    {
      schema: {
        tags,
        summary: "Run the ledger verification: every transaction sums to zero, balances match entries, none negative",
        response: { 200: ledgerReportSchema },
      },
      preHandler: admin,
    },
    async () => ledgerVerification(deps),
  );
}
