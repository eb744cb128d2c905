import {
  API,
  API_PATTERNS,
  adminTradesQuerySchema,
  adminTradesResponseSchema,
  houseExposureSchema,
  houseResultSchema,
  microcentsToDecimal,
  openTradesQuerySchema,
  openTradesResponseSchema,
  placeTradeSchema,
  switchTradingModeSchema,
  type TradeContract,
  tradeConfigSchema,
  tradeContractSchema,
  tradeHistoryCsvQuerySchema,
  tradeHistoryQuerySchema,
  tradeHistoryResponseSchema,
} from "@helio/shared";
import { z } from "@helio/shared/zod";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentOf } from "../../platform/auth/session.ts";
import { type CsvCell, csvStream, sendCsvFile, text, value } from "../../platform/http/csv.ts";
import { featureRouteOptions } from "../../platform/http/route-options.ts";
import { csvHeaderIn } from "../../platform/i18n/csv-headers.ts";
import { idempotentHandler } from "../../platform/money/idempotency.ts";
import { amountAskedOf } from "../../platform/money/rate-quote.ts";
import type { Services } from "../../services.ts";
import {
  adminContracts,
  contractHistory,
  getContract,
  historyBatches,
  houseExposure,
  houseResult,
  openContracts,
  placeContract,
  switchTradingMode,
  tradeConfig,
} from "./service.ts";

const idParams = z.object({ id: z.uuid("Not a contract id") });
// Amounts in USD, the ledger's currency, whatever the member's display currency: the names say so.
const TRADE_CSV_COLUMNS = [
  "id",
  "pair",
  "direction",
  "amount_usd",
  "account",
  "payout_percent",
  "duration_seconds",
  "entry_price",
  "exit_price",
  "result",
  "payout_usd",
  "opened_at",
  "expires_at",
  "settled_at",
] as const;

/** One contract as a CSV line's cells (names are text, guarded against formulas; numbers as they are). */
const tradeCsvCells = (c: TradeContract): CsvCell[] => [
  text(c.id),
  text(`${c.symbol}/USDT`),
  text(c.direction),
  value(microcentsToDecimal(c.amountMicrocents)),
  text(c.account),
  value(c.payoutPercent),
  value(c.durationSeconds),
  value(c.entryPrice),
  value(c.exitPrice),
  text(c.result),
  value(c.payoutMicrocents === null ? null : microcentsToDecimal(c.payoutMicrocents)),
  value(c.entryAt),
  value(c.expiresAt),
  value(c.settledAt),
];

export async function tradingRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, realtime, settings, market, notifications } = services;
  const deps = {
    db,
    realtime,
    settings,
    market,
    notifications,
    now: services.now,
    shortContractSeconds: services.config.shortContractSeconds,
  };
  const { asMember, asMoneyEndpoint, asAdmin } = featureRouteOptions(services, "trading");

  r.get(
    API.tradesConfig,
    asMember({
      summary: "Trading limits: min/max stake, durations, open limit, payout % per pair",
      response: { 200: tradeConfigSchema },
    }),
    async () => tradeConfig(deps),
  );

  r.put(
    API.tradesMode,
    asMember({
      summary:
        "Switch the money the next trades use: `real` (the wallet; 403 REAL_BALANCE_REQUIRED with an empty wallet, 403 TRADING_MODE_LOCKED when an admin has locked the member to Practice) or `practice`",
      body: switchTradingModeSchema,
      response: { 200: switchTradingModeSchema },
    }),
    async (request) => switchTradingMode(deps, currentOf(request).user.id, request.body.mode),
  );

  r.post(
    API.trades,
    asMoneyEndpoint(
      {
        summary:
          "Place a fixed-time contract (stake from wallet when Real, demo when Free) of `amountMicrocents`, `amount`, or `local` in the member's currency at the rate shown (409 RATE_CHANGED when that rate is no longer current); Idempotency-Key honoured",
        body: placeTradeSchema,
        response: { 201: tradeContractSchema },
      },
      { config: { needsTerms: "real" } },
    ),
    idempotentHandler(async (request, key) => {
      const { user, session } = currentOf(request);
      const { symbol, direction, durationSeconds } = request.body;
      const amount = amountAskedOf(request.body, user.currency);
      const placement = { symbol, direction, durationSeconds, ...amount, sessionStartedAt: session.createdAt };
      return placeContract(deps, user.id, placement, key);
    }),
  );

  r.get(
    API.tradesOpen,
    asMember({
      summary:
        "The member's running contracts, with whether each is winning now (`mode`: only Real or only Practice contracts)",
      querystring: openTradesQuerySchema,
      response: { 200: openTradesResponseSchema },
    }),
    async (request) => openContracts(deps, currentOf(request).user.id, request.query.mode),
  );

  r.get(
    API.tradesHistory,
    asMember({
      summary:
        "Settled contracts of one mode (`mode`, the member's current one when left out; filters: pair, result, dates), with that mode's totals won, lost and net",
      querystring: tradeHistoryQuerySchema,
      response: { 200: tradeHistoryResponseSchema },
    }),
    async (request) => contractHistory(deps, currentOf(request).user.id, request.query),
  );

  r.get(
    API.tradesHistoryCsv,
    asMember({
      summary: "Settled contracts of one mode as CSV (same filters as the history)",
      querystring: tradeHistoryCsvQuerySchema,
      produces: ["text/csv"],
    }),
    async (request, reply) => {
      const batches = historyBatches(deps, currentOf(request).user.id, request.query);
      const header = csvHeaderIn(currentOf(request).user.locale, TRADE_CSV_COLUMNS);
      return sendCsvFile(reply, "trade-history.csv", csvStream(header, batches, tradeCsvCells));
    },
  );

  r.get(
    API_PATTERNS.trade,
    asMember({ summary: "One of the member's contracts", params: idParams, response: { 200: tradeContractSchema } }),
    async (request) => getContract(deps, currentOf(request).user.id, request.params.id),
  );

  r.get(
    API.adminTrades,
    asAdmin({
      access: "tradingRead",
      summary: "Every contract, newest first (filters: status, member)",
      querystring: adminTradesQuerySchema,
      response: { 200: adminTradesResponseSchema },
    }),
    async (request) => adminContracts(deps, request.query),
  );
  r.get(
    API.adminTradesHouse,
    asAdmin({
      access: "tradingRead",
      summary: "Trading house result: stakes minus payouts, real and demo",
      response: { 200: houseResultSchema },
    }),
    async () => houseResult(deps),
  );
  r.get(
    API.adminTradesExposure,
    asAdmin({
      access: "tradingRead",
      summary: "The house's exposure now: open Real stakes per pair and direction, worst-case payouts, caps",
      response: { 200: houseExposureSchema },
    }),
    async () => houseExposure(deps),
  );
}
