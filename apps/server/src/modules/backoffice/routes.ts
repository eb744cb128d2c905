import {
  API,
  API_PATTERNS,
  adjustmentRequestSchema,
  adjustmentRequestsQuerySchema,
  adjustmentRequestsResponseSchema,
  adminAdjustPendingSchema,
  adminAdjustResponseSchema,
  adminAdjustSchema,
  adminDashboardSchema,
  adminMemberMoneySchema,
  demoResetResponseSchema,
  ledgerReportSchema,
  reasonBodySchema,
  walletHistoryQuerySchema,
  walletHistoryResponseSchema,
} from "@helio/shared";
import { z } from "@helio/shared/zod";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { adminActorOf } from "../../platform/auth/session.ts";
import { featureRouteOptions, memberUidParams } from "../../platform/http/route-options.ts";
import { idempotencyKeyOf, idempotentHandler, sendIdempotent } from "../../platform/money/idempotency.ts";
import type { Services } from "../../services.ts";
import { memberHistory } from "../ledger/index.ts";
import { resetDemo } from "../wallet/index.ts";
import {
  adjustBalance,
  approveAdjustment,
  dashboard,
  ledgerVerification,
  listAdjustments,
  memberMoney,
  rejectAdjustment,
  requireMemberRow,
} from "./service.ts";

const idParams = z.object({ id: z.uuid("Not an adjustment request id") });

/** Admin-only money endpoints: dashboard numbers, a member's money, adjustments, demo reset, ledger check. */
export async function backofficeRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, realtime, settings } = services;
  const deps = { db, realtime, settings };
  const { asAdmin } = featureRouteOptions(services, "admin", ["admin"]);

  r.get(
    API.adminDashboard,
    asAdmin({
      access: "backOffice",
      summary: "Dashboard numbers (queues, money totals, today's deposits and withdrawals)",
      response: { 200: adminDashboardSchema },
    }),
    async () => dashboard(deps),
  );

  r.get(
    API_PATTERNS.adminMemberMoney,
    asAdmin({
      access: "memberMoneyRead",
      summary: "A member's balances, KYC and bank data (full account number)",
      params: memberUidParams,
      response: { 200: adminMemberMoneySchema },
    }),
    async (request) => memberMoney({ ...deps, settings: services.settings, now: services.now }, request.params.uid),
  );

  r.get(
    API_PATTERNS.adminMemberLedger,
    asAdmin({
      access: "memberMoneyRead",
      summary: "A member's ledger entries (same filters and shape as /api/wallet/history)",
      params: memberUidParams,
      querystring: walletHistoryQuerySchema,
      response: { 200: walletHistoryResponseSchema },
    }),
    async (request) => {
      await requireMemberRow(deps, request.params.uid);
      const { page, pageSize, ...filter } = request.query;
      return memberHistory(db, request.params.uid, filter, { page, pageSize });
    },
  );

  r.post(
    API_PATTERNS.adminMemberAdjust,
    asAdmin({
      access: "balanceAdjust",
      summary:
        "Credit or debit wallet, profit or bonus with a reason (audited); Idempotency-Key honoured. Above the settings' adjustmentSecondApprovalMicrocents: 202, a request awaiting a second approver",
      params: memberUidParams,
      body: adminAdjustSchema,
      response: { 200: adminAdjustResponseSchema, 202: adminAdjustPendingSchema },
    }),
    idempotentHandler(async (request, key) =>
      adjustBalance(deps, adminActorOf(request), request.params.uid, request.body, key),
    ),
  );

  r.post(
    API_PATTERNS.adminMemberDemoReset,
    asAdmin({
      access: "demoReset",
      summary: "Reset a member's demo balance to 10,000.00 (audited); Idempotency-Key honoured",
      params: memberUidParams,
      response: { 200: demoResetResponseSchema },
    }),
    async (request, reply) => {
      await requireMemberRow(deps, request.params.uid); // 404 before the Idempotency-Key is even read
      const key = idempotencyKeyOf(request);
      return sendIdempotent(reply, await resetDemo(deps, request.params.uid, key, adminActorOf(request)));
    },
  );

  r.get(
    API.adminAdjustments,
    asAdmin({
      access: "adjustmentsRead",
      summary: "Adjustment requests awaiting a second approval (default), or by status",
      querystring: adjustmentRequestsQuerySchema,
      response: { 200: adjustmentRequestsResponseSchema },
    }),
    async (request) => listAdjustments(deps, request.query.status),
  );

  r.post(
    API_PATTERNS.adminAdjustmentApprove,
    asAdmin({
      access: "balanceAdjust",
      summary: "Second approval of an adjustment request by someone other than its requester: the money moves once",
      params: idParams,
      response: { 200: adjustmentRequestSchema },
    }),
    async (request) => approveAdjustment(deps, adminActorOf(request), request.params.id),
  );

  r.post(
    API_PATTERNS.adminAdjustmentReject,
    asAdmin({
      access: "balanceAdjust",
      summary: "Reject an adjustment request (its requester or another approver); nothing moves",
      params: idParams,
      body: reasonBodySchema,
      response: { 200: adjustmentRequestSchema },
    }),
    async (request) => rejectAdjustment(deps, adminActorOf(request), request.params.id, request.body.reason),
  );

  r.get(
    API.adminLedgerVerify,
    asAdmin({
      access: "ledgerVerify",
      summary: "Run the ledger verification: every transaction sums to zero, balances match entries, none negative",
      response: { 200: ledgerReportSchema },
    }),
    async () => ledgerVerification(deps),
  );
}
