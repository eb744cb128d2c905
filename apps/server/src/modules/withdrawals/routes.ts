import {
  ADMIN_WITHDRAWAL_CSV_COLUMNS,
  API,
  API_PATTERNS,
  adminWithdrawalSchema,
  adminWithdrawalsCsvQuerySchema,
  adminWithdrawalsQuerySchema,
  adminWithdrawalsResponseSchema,
  approveWithdrawalSchema,
  confirmWithdrawalSchema,
  createWithdrawalSchema,
  reasonBodySchema,
  withdrawalListQuerySchema,
  withdrawalListResponseSchema,
  withdrawalRequirementsSchema,
  withdrawalSchema,
} from "@helio/shared";
import { z } from "@helio/shared/zod";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { adminActorOf, currentOf } from "../../platform/auth/session.ts";
import { csvStream, datedCsvName, sendCsvFile } from "../../platform/http/csv.ts";
import { featureRouteOptions } from "../../platform/http/route-options.ts";
import { idempotentHandler } from "../../platform/money/idempotency.ts";
import { amountAskedOf } from "../../platform/money/rate-quote.ts";
import type { Services } from "../../services.ts";
import {
  adminWithdrawalBatches,
  adminWithdrawalCsvCells,
  approveWithdrawal,
  cancelWithdrawal,
  confirmWithdrawal,
  createWithdrawal,
  getAdminWithdrawal,
  getWithdrawal,
  listAdminWithdrawals,
  listMemberWithdrawals,
  rejectWithdrawal,
  type WithdrawalDeps,
  withdrawalRequirements,
} from "./service.ts";

const idParams = z.object({ id: z.uuid("Not a withdrawal id") });

/** What the withdrawal service needs, from the services (the routes and the expiry worker alike). */
export function withdrawalDeps(services: Services, log: WithdrawalDeps["log"]): WithdrawalDeps {
  const { auth, db, realtime, settings, notifications, mailer, config, now } = services;
  return { db, auth, realtime, settings, notifications, mailer, log, publicUrl: config.publicUrl, now };
}

export async function withdrawalRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = withdrawalDeps(services, app.log);
  const { asMember, asMoneyEndpoint, asAdmin } = featureRouteOptions(services, "withdrawals");

  r.get(
    API.withdrawalRequirements,
    asMember({
      summary: "Limits, fee, wallet balance, KYC status, bank data and whether a 2FA code is needed",
      response: { 200: withdrawalRequirementsSchema },
    }),
    async (request) => withdrawalRequirements(deps, currentOf(request).user),
  );

  r.post(
    API.withdrawals,
    asMoneyEndpoint(
      {
        summary:
          "Request a withdrawal of `amountMicrocents`, `amount`, or `local` in the member's currency at the rate shown (409 RATE_CHANGED when that rate is no longer current): the amount moves from wallet to withdrawal_hold and the withdrawal waits, `unconfirmed`, for the link mailed to the member (30 minutes). 409 WITHDRAWAL_HOLD while withdrawals wait after a bank change, ACCOUNT_FROZEN after the member froze the account; Idempotency-Key honoured",
        body: createWithdrawalSchema,
        response: { 201: withdrawalSchema },
      },
      { config: { needsTerms: "always" } },
    ),
    idempotentHandler(async (request, key) => {
      const { body } = request;
      const current = currentOf(request);
      const input = { ...amountAskedOf(body, current.user.currency), totpCode: body.totpCode };
      return createWithdrawal(deps, current, request.headers, input, key);
    }),
  );

  r.post(
    API.withdrawalConfirm,
    {
      schema: {
        tags: ["withdrawals"],
        summary:
          "The mail's link: confirms that withdrawal (single use, 30 minutes; no sign-in needed) and it joins the operators' queue; an expired link expires the withdrawal (409) and the amount returns to the wallet",
        body: confirmWithdrawalSchema,
        response: { 200: withdrawalSchema },
      },
      config: { rateLimit: { max: services.config.authRateLimit, timeWindow: "1 minute" } },
    },
    async (request) => confirmWithdrawal(deps, request.body.id, request.body.token),
  );

  r.get(
    API.withdrawals,
    asMember({
      summary: "The member's withdrawals, newest first",
      querystring: withdrawalListQuerySchema,
      response: { 200: withdrawalListResponseSchema },
    }),
    async (request) => listMemberWithdrawals(deps, currentOf(request).user.id, request.query),
  );

  r.get(
    API_PATTERNS.withdrawal,
    asMember({ summary: "One of the member's withdrawals", params: idParams, response: { 200: withdrawalSchema } }),
    async (request) => getWithdrawal(deps, currentOf(request).user.id, request.params.id),
  );

  r.post(
    API_PATTERNS.withdrawalCancel,
    asMoneyEndpoint({
      summary: "Cancel a pending withdrawal: the amount returns to the wallet",
      params: idParams,
      response: { 200: withdrawalSchema },
    }),
    async (request) => cancelWithdrawal(deps, currentOf(request), request.params.id),
  );

  // Back office.
  r.get(
    API.adminWithdrawals,
    asAdmin({
      access: "withdrawalsRead",
      summary: "Withdrawal queue (default: pending, oldest first); filter by status and member",
      querystring: adminWithdrawalsQuerySchema,
      response: { 200: adminWithdrawalsResponseSchema },
    }),
    async (request) => listAdminWithdrawals(deps, request.query),
  );

  r.get(
    API.adminWithdrawalsCsv,
    asAdmin({
      access: "withdrawalsRead",
      summary:
        "The withdrawal queue's withdrawals as CSV, every page: the amount in the member's currency, the rate, the USD amount, fee and net, and the payout in the member's currency",
      querystring: adminWithdrawalsCsvQuerySchema,
      produces: ["text/csv"],
    }),
    async (request, reply) => {
      const body = csvStream(
        ADMIN_WITHDRAWAL_CSV_COLUMNS,
        adminWithdrawalBatches(deps, request.query),
        adminWithdrawalCsvCells,
      );
      return sendCsvFile(reply, datedCsvName("helio-withdrawals"), body);
    },
  );

  r.get(
    API_PATTERNS.adminWithdrawal,
    asAdmin({
      access: "withdrawalsRead",
      summary: "One withdrawal",
      params: idParams,
      response: { 200: adminWithdrawalSchema },
    }),
    async (request) => getAdminWithdrawal(deps, request.params.id),
  );

  r.post(
    API_PATTERNS.adminWithdrawalApprove,
    asAdmin({
      access: "withdrawalsDecide",
      summary: "Approve a pending withdrawal with the payout reference (net → payouts, fee → fees)",
      params: idParams,
      body: approveWithdrawalSchema,
      response: { 200: adminWithdrawalSchema },
    }),
    async (request) => approveWithdrawal(deps, adminActorOf(request), request.params.id, request.body.payoutReference),
  );

  r.post(
    API_PATTERNS.adminWithdrawalReject,
    asAdmin({
      access: "withdrawalsDecide",
      summary: "Reject a pending withdrawal with a reason: the amount returns to the wallet",
      params: idParams,
      body: reasonBodySchema,
      response: { 200: adminWithdrawalSchema },
    }),
    async (request) => rejectWithdrawal(deps, adminActorOf(request), request.params.id, request.body.reason),
  );
}
