import {
  API,
  adminWithdrawalSchema,
  adminWithdrawalsQuerySchema,
  adminWithdrawalsResponseSchema,
  amountCentsOf,
  approveWithdrawalSchema,
  createWithdrawalSchema,
  reasonBodySchema,
  withdrawalListQuerySchema,
  withdrawalListResponseSchema,
  withdrawalRequirementsSchema,
  withdrawalSchema,
} from "@helio/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentOf, requireAdmin, requireMember } from "../../platform/auth/session.ts";
import { moneyRateLimit } from "../../platform/kit.ts";
import { idempotencyKeyOf, sendIdempotent } from "../../platform/money/idempotency.ts";
import type { Services } from "../../services.ts";
import {
  approveWithdrawal,
  cancelWithdrawal,
  createWithdrawal,
  getAdminWithdrawal,
  getWithdrawal,
  listAdminWithdrawals,
  listMemberWithdrawals,
  rejectWithdrawal,
  withdrawalRequirements,
} from "./service.ts";

const idParams = z.object({ id: z.uuid("Not a withdrawal id") });

export async function withdrawalRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { auth, db, realtime, settings, config } = services;
  const deps = { db, auth, realtime, settings, now: services.now };
  const member = requireMember(auth);
  const admin = requireAdmin(auth);
  const tags = ["withdrawals"];

  r.get(
    API.withdrawalRequirements,
    {
      schema: {
        tags,
        summary: "Limits, fee, wallet balance, KYC status, bank data and whether a 2FA code is needed",
        response: { 200: withdrawalRequirementsSchema },
      },
      preHandler: member,
    },
    async (request) => withdrawalRequirements(deps, currentOf(request).user),
  );

  r.post(
    API.withdrawals,
    {
      schema: {
        tags,
        summary: "Request a withdrawal: the amount moves from wallet to withdrawal_hold; Idempotency-Key honoured",
        body: createWithdrawalSchema,
        response: { 201: withdrawalSchema },
      },
      preHandler: member,
      config: moneyRateLimit(config),
    },
    async (request, reply) => {
      const field = request.body.amountCents !== undefined ? "amountCents" : "amount";
      const answer = await createWithdrawal(
        deps,
        currentOf(request),
        request.headers,
        { amountCents: amountCentsOf(request.body), field, totpCode: request.body.totpCode },
        idempotencyKeyOf(request),
      );
      return sendIdempotent(reply, answer);
    },
  );

  r.get(
    API.withdrawals,
    {
      schema: {
        tags,
        summary: "The member's withdrawals, newest first",
        querystring: withdrawalListQuerySchema,
        response: { 200: withdrawalListResponseSchema },
      },
      preHandler: member,
    },
    async (request) => listMemberWithdrawals(deps, currentOf(request).user.id, request.query),
  );

  r.get(
    "/api/withdrawals/:id",
    {
      schema: {
        tags,
        summary: "One of the member's withdrawals",
        params: idParams,
        response: { 200: withdrawalSchema },
      },
      preHandler: member,
    },
    async (request) => getWithdrawal(deps, currentOf(request).user.id, request.params.id),
  );

  r.post(
    "/api/withdrawals/:id/cancel",
    {
      schema: {
        tags,
        summary: "Cancel a pending withdrawal: the amount returns to the wallet",
        params: idParams,
        response: { 200: withdrawalSchema },
      },
      preHandler: member,
      config: moneyRateLimit(config),
    },
    async (request) => cancelWithdrawal(deps, currentOf(request), request.params.id),
  );

  // Back office.
  const adminTags = ["admin", "withdrawals"];
  r.get(
    API.adminWithdrawals,
    {
      schema: {
        tags: adminTags,
        summary: "Withdrawal queue (default: pending, oldest first); filter by status and member",
        querystring: adminWithdrawalsQuerySchema,
        response: { 200: adminWithdrawalsResponseSchema },
      },
      preHandler: admin,
    },
    async (request) => listAdminWithdrawals(deps, request.query),
  );

  r.get(
    "/api/admin/withdrawals/:id",
    {
      schema: {
        tags: adminTags,
        summary: "One withdrawal",
        params: idParams,
        response: { 200: adminWithdrawalSchema },
      },
      preHandler: admin,
    },
    async (request) => getAdminWithdrawal(deps, request.params.id),
  );

  r.post(
    "/api/admin/withdrawals/:id/approve",
    {
      schema: {
        tags: adminTags,
        summary: "Approve a pending withdrawal with the payout reference (net → payouts, fee → fees)",
        params: idParams,
        body: approveWithdrawalSchema,
        response: { 200: adminWithdrawalSchema },
      },
      preHandler: admin,
    },
    async (request) =>
      approveWithdrawal(
        deps,
        { adminId: currentOf(request).user.id, ip: request.ip },
        request.params.id,
        request.body.payoutReference,
      ),
  );

  r.post(
    "/api/admin/withdrawals/:id/reject",
    {
      schema: {
        tags: adminTags,
        summary: "Reject a pending withdrawal with a reason: the amount returns to the wallet",
        params: idParams,
        body: reasonBodySchema,
        response: { 200: adminWithdrawalSchema },
      },
      preHandler: admin,
    },
    async (request) =>
      rejectWithdrawal(
        deps,
        { adminId: currentOf(request).user.id, ip: request.ip },
        request.params.id,
        request.body.reason,
      ),
  );
}
