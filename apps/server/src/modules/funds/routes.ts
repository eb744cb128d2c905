import {
  API_PATTERNS,
  fundHistoryCsvQuerySchema,
  fundHistoryQuerySchema,
  fundParamsSchema,
  fundSummarySchema,
  fundTransferInputSchema,
  fundTransferResponseSchema,
  fundTransfersQuerySchema,
  fundTransfersResponseSchema,
  WALLET_CSV_COLUMNS,
  walletHistoryResponseSchema,
} from "@helio/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentOf } from "../../platform/auth/session.ts";
import { csvStream, datedCsvName, sendCsvFile } from "../../platform/http/csv.ts";
import { featureRouteOptions } from "../../platform/http/route-options.ts";
import { csvHeaderIn } from "../../platform/i18n/csv-headers.ts";
import { idempotentHandler } from "../../platform/money/idempotency.ts";
import { amountAskedOf, displayCurrencyOf } from "../../platform/money/rate-quote.ts";
import type { Services } from "../../services.ts";
import { memberHistory, memberHistoryBatches } from "../ledger/index.ts";
import { walletCsvCells } from "../wallet/index.ts";
import { fundSummary, fundTransfers, transferToWallet } from "./service.ts";

/** The profit and bonus funds: balance, history (paged and CSV), moves to the wallet. */
export async function fundsRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, realtime, settings } = services;
  const deps = { db, realtime, settings };
  const { asMember, asMoneyEndpoint } = featureRouteOptions(services, "funds");

  r.get(
    API_PATTERNS.fund,
    asMember({
      summary: "The fund's balance, the wallet's, and the smallest move",
      params: fundParamsSchema,
      response: { 200: fundSummarySchema },
    }),
    async (request) => fundSummary(deps, currentOf(request).user.id, request.params.fund),
  );

  r.get(
    API_PATTERNS.fundHistory,
    asMember({
      summary: "The fund's ledger entries, newest first; filter by kind and dates; paged",
      params: fundParamsSchema,
      querystring: fundHistoryQuerySchema,
      response: { 200: walletHistoryResponseSchema },
    }),
    async (request) => {
      const { page, pageSize, ...filter } = request.query;
      const account = request.params.fund;
      return memberHistory(db, currentOf(request).user.id, { ...filter, account }, { page, pageSize });
    },
  );

  r.get(
    API_PATTERNS.fundHistoryCsv,
    asMoneyEndpoint({
      summary: "The same entries as CSV (the wallet history's columns), every page",
      params: fundParamsSchema,
      querystring: fundHistoryCsvQuerySchema,
      produces: ["text/csv"],
    }),
    async (request, reply) => {
      const { fund } = request.params;
      const batches = memberHistoryBatches(db, currentOf(request).user.id, { ...request.query, account: fund });
      const header = csvHeaderIn(currentOf(request).user.locale, WALLET_CSV_COLUMNS);
      return sendCsvFile(reply, datedCsvName(`helio-${fund}`), csvStream(header, batches, walletCsvCells));
    },
  );

  r.get(
    API_PATTERNS.fundTransfers,
    asMember({
      summary: "Past moves from the fund to the wallet, newest first",
      params: fundParamsSchema,
      querystring: fundTransfersQuerySchema,
      response: { 200: fundTransfersResponseSchema },
    }),
    async (request) => fundTransfers(deps, currentOf(request).user.id, request.params.fund, request.query),
  );

  r.post(
    API_PATTERNS.fundTransfers,
    asMoneyEndpoint(
      {
        summary:
          "Move `amountMicrocents`, `amount`, `local` (the member's currency at the rate shown; 409 RATE_CHANGED when that rate is no longer current) or `all` from the fund to the wallet; never below zero; Idempotency-Key honoured",
        params: fundParamsSchema,
        body: fundTransferInputSchema,
        response: { 201: fundTransferResponseSchema },
      },
      { config: { needsTerms: "always" } },
    ),
    idempotentHandler(async (request, key) => {
      const { body } = request;
      const { user } = currentOf(request);
      const input = body.all
        ? { amountMicrocents: "all" as const, field: "all", quote: null, currency: displayCurrencyOf(user.currency) }
        : amountAskedOf(body, user.currency);
      return transferToWallet(deps, user.id, request.params.fund, input, key);
    }),
  );
}
