import {
  amountCentsOf,
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
import { currentOf, requireMember } from "../../platform/auth/session.ts";
import { csvStream } from "../../platform/http/csv.ts";
import { moneyRateLimit } from "../../platform/kit.ts";
import { idempotencyKeyOf, sendIdempotent } from "../../platform/money/idempotency.ts";
import type { Services } from "../../services.ts";
import { memberHistory, memberHistoryBatches } from "../ledger/index.ts";
import { walletCsvCells } from "../wallet/index.ts";
import { fundSummary, fundTransfers, transferToWallet } from "./service.ts";

/** The profit and bonus funds: balance, history (paged and CSV), moves to the wallet. */
export async function fundsRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { auth, db, realtime, settings, config } = services;
  const deps = { db, realtime, settings };
  const member = requireMember(auth);
  const tags = ["funds"];

  r.get(
    "/api/funds/:fund",
    {
      schema: {
        tags,
        summary: "The fund's balance, the wallet's, and the smallest move",
        params: fundParamsSchema,
        response: { 200: fundSummarySchema },
      },
      preHandler: member,
    },
    async (request) => fundSummary(deps, currentOf(request).user.id, request.params.fund),
  );

  r.get(
    "/api/funds/:fund/history",
    {
      schema: {
        tags,
        summary: "The fund's ledger entries, newest first; filter by kind and dates; paged",
        params: fundParamsSchema,
        querystring: fundHistoryQuerySchema,
        response: { 200: walletHistoryResponseSchema },
      },
      preHandler: member,
    },
    async (request) => {
      const { page, pageSize, ...filter } = request.query;
      const account = request.params.fund;
      return memberHistory(db, currentOf(request).user.id, { ...filter, account }, { page, pageSize });
    },
  );

  r.get(
    "/api/funds/:fund/history.csv",
    {
      schema: {
        tags,
        summary: "The same entries as CSV (the wallet history's columns), every page",
        params: fundParamsSchema,
        querystring: fundHistoryCsvQuerySchema,
        produces: ["text/csv"],
      },
      preHandler: member,
      config: moneyRateLimit(config),
    },
    async (request, reply) => {
      const { fund } = request.params;
      const batches = memberHistoryBatches(db, currentOf(request).user.id, { ...request.query, account: fund });
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="helio-${fund}-${day}.csv"`)
        .header("cache-control", "no-store")
        .send(csvStream(WALLET_CSV_COLUMNS, batches, walletCsvCells));
    },
  );

  r.get(
    "/api/funds/:fund/transfers",
    {
      schema: {
        tags,
        summary: "Past moves from the fund to the wallet, newest first",
        params: fundParamsSchema,
        querystring: fundTransfersQuerySchema,
        response: { 200: fundTransfersResponseSchema },
      },
      preHandler: member,
    },
    async (request) => fundTransfers(deps, currentOf(request).user.id, request.params.fund, request.query),
  );

  r.post(
    "/api/funds/:fund/transfers",
    {
      schema: {
        tags,
        summary: "Move an amount (or all) from the fund to the wallet; never below zero; Idempotency-Key honoured",
        params: fundParamsSchema,
        body: fundTransferInputSchema,
        response: { 201: fundTransferResponseSchema },
      },
      preHandler: member,
      config: moneyRateLimit(config),
    },
    async (request, reply) => {
      const { body } = request;
      const amountField = body.all ? "all" : body.amountCents !== undefined ? "amountCents" : "amount";
      const answer = await transferToWallet(
        deps,
        currentOf(request).user.id,
        request.params.fund,
        { amountCents: body.all ? "all" : amountCentsOf(body), amountField },
        idempotencyKeyOf(request),
      );
      return sendIdempotent(reply, answer);
    },
  );
}
