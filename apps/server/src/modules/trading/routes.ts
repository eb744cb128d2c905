import {
  API,
  adminTradesQuerySchema,
  adminTradesResponseSchema,
  centsToDecimal,
  houseResultSchema,
  openTradesResponseSchema,
  placeTradeSchema,
  type TradeContract,
  tradeConfigSchema,
  tradeContractSchema,
  tradeHistoryQuerySchema,
  tradeHistoryResponseSchema,
} from "@helio/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentOf, requireAdmin, requireMember } from "../../platform/auth/session.ts";
import { type CsvCell, csvStream, text, value } from "../../platform/http/csv.ts";
import { moneyRateLimit } from "../../platform/kit.ts";
import { idempotencyKeyOf, sendIdempotent } from "../../platform/money/idempotency.ts";
import type { Services } from "../../services.ts";
import {
  adminContracts,
  contractHistory,
  getContract,
  historyBatches,
  houseResult,
  openContracts,
  placeContract,
  tradeConfig,
} from "./service.ts";

const idParams = z.object({ id: z.uuid("Not a contract id") });
const TRADE_CSV_COLUMNS = [
  "id",
  "pair",
  "direction",
  "amount",
  "account",
  "payout_percent",
  "duration_seconds",
  "entry_price",
  "exit_price",
  "result",
  "payout",
  "opened_at",
  "expires_at",
  "settled_at",
] as const;

/** One contract as a CSV line's cells (names are text, guarded against formulas; numbers as they are). */
const tradeCsvCells = (c: TradeContract): CsvCell[] => [
  text(c.id),
  text(`${c.symbol}/USDT`),
  text(c.direction),
  value(centsToDecimal(c.amountCents)),
  text(c.account),
  value(c.payoutPercent),
  value(c.durationSeconds),
  value(c.entryPrice),
  value(c.exitPrice),
  text(c.result),
  value(c.payoutCents === null ? null : centsToDecimal(c.payoutCents)),
  value(c.entryAt),
  value(c.expiresAt),
  value(c.settledAt),
];

export async function tradingRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { auth, db, realtime, settings, market, config } = services;
  const deps = { db, realtime, settings, market };
  const member = requireMember(auth);
  const admin = requireAdmin(auth);
  const tags = ["trading"];

  r.get(
    API.tradesConfig,
    {
      schema: {
        tags,
        summary: "Trading limits: min/max stake, durations, open limit, payout % per pair",
        response: { 200: tradeConfigSchema },
      },
      preHandler: member,
    },
    async () => tradeConfig(deps),
  );

  r.post(
    API.trades,
    {
      schema: {
        tags,
        summary: "Place a fixed-time contract (stake from wallet when Real, demo when Free); Idempotency-Key honoured",
        body: placeTradeSchema,
        response: { 201: tradeContractSchema },
      },
      preHandler: member,
      config: moneyRateLimit(config),
    },
    async (request, reply) => {
      const { user } = currentOf(request);
      return sendIdempotent(reply, await placeContract(deps, user.id, request.body, idempotencyKeyOf(request)));
    },
  );

  r.get(
    API.tradesOpen,
    {
      schema: {
        tags,
        summary: "The member's running contracts, with whether each is winning now",
        response: { 200: openTradesResponseSchema },
      },
      preHandler: member,
    },
    async (request) => openContracts(deps, currentOf(request).user.id),
  );

  r.get(
    API.tradesHistory,
    {
      schema: {
        tags,
        summary: "Settled contracts (filters: pair, result, dates), with totals won, lost and net",
        querystring: tradeHistoryQuerySchema,
        response: { 200: tradeHistoryResponseSchema },
      },
      preHandler: member,
    },
    async (request) => contractHistory(deps, currentOf(request).user.id, request.query),
  );

  r.get(
    API.tradesHistoryCsv,
    {
      schema: {
        tags,
        summary: "Settled contracts as CSV (same filters as the history)",
        querystring: tradeHistoryQuerySchema.omit({ page: true, pageSize: true }),
        produces: ["text/csv"],
      },
      preHandler: member,
    },
    async (request, reply) => {
      const uid = currentOf(request).user.id;
      const body = csvStream(TRADE_CSV_COLUMNS, historyBatches(deps, uid, request.query), tradeCsvCells);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="trade-history.csv"')
        .send(body);
    },
  );

  r.get(
    "/api/trades/:id",
    {
      schema: {
        tags,
        summary: "One of the member's contracts",
        params: idParams,
        response: { 200: tradeContractSchema },
      },
      preHandler: member,
    },
    async (request) => getContract(deps, currentOf(request).user.id, request.params.id),
  );

  const adminTags = ["admin", "trading"];
  r.get(
    API.adminTrades,
    {
      schema: {
        tags: adminTags,
        summary: "Every contract, newest first (filters: status, member)",
        querystring: adminTradesQuerySchema,
        response: { 200: adminTradesResponseSchema },
      },
      preHandler: admin,
    },
    async (request) => adminContracts(deps, request.query),
  );
  r.get(
    API.adminTradesHouse,
    {
      schema: {
        tags: adminTags,
        summary: "Trading house result: stakes minus payouts, real and demo",
        response: { 200: houseResultSchema },
      },
      preHandler: admin,
    },
    async () => houseResult(deps),
  );
}
