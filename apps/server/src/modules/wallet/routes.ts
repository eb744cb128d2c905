import {
  API,
  demoResetResponseSchema,
  microcentsToDecimal,
  WALLET_CSV_COLUMNS,
  type WalletEntry,
  walletBalancesSchema,
  walletHistoryCsvQuerySchema,
  walletHistoryQuerySchema,
  walletHistoryResponseSchema,
} from "@helio/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentOf, requireMember } from "../../platform/auth/session.ts";
import { type CsvCell, csvStream, datedCsvName, sendCsvFile, text, value } from "../../platform/http/csv.ts";
import { featureRouteOptions, routeOptions } from "../../platform/http/route-options.ts";
import { csvHeaderIn } from "../../platform/i18n/csv-headers.ts";
import { idempotentHandler } from "../../platform/money/idempotency.ts";
import type { Services } from "../../services.ts";
import { getMemberBalances, memberHistory, memberHistoryBatches } from "../ledger/index.ts";
import { createFastBalanceRead } from "./fast-read.ts";
import { resetDemo } from "./service.ts";

/** One wallet entry as a CSV line's cells (memo and references are text, guarded against formulas). */
export const walletCsvCells = (e: WalletEntry): CsvCell[] => [
  value(e.createdAt),
  text(e.kind),
  text(e.account),
  value(microcentsToDecimal(e.amountMicrocents)),
  value(microcentsToDecimal(e.balanceAfterMicrocents)),
  text(e.reference?.type),
  text(e.reference?.id),
  text(e.transactionId),
  text(e.memo),
];

export async function walletRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { auth, db, realtime } = services;
  const member = requireMember(auth);
  const fastBalances = createFastBalanceRead(auth, db);
  const { asMember, asMoneyEndpoint } = featureRouteOptions(services, "wallet");
  // The balance read checks the session in its handler (the fast path first).
  const asBalanceRead = routeOptions({ tags: ["wallet"], session: "required" });

  r.get(
    API.wallet,
    asBalanceRead({
      summary: "The member's balances in microcents (wallet, demo, profit, bonus, withdrawal_hold)",
      response: { 200: walletBalancesSchema },
    }),
    async (request, reply) => {
      reply.header("cache-control", "no-store"); // the fast path skips requireMember, which sets it
      const fast = await fastBalances(request);
      if (fast) return fast;
      await member(request, reply); // the usual 401/403 answers
      return getMemberBalances(db, currentOf(request).user.id);
    },
  );

  r.get(
    API.walletHistory,
    asMember({
      summary: "The member's ledger entries, newest first; filter by kind, account and dates; paged",
      querystring: walletHistoryQuerySchema,
      response: { 200: walletHistoryResponseSchema },
    }),
    async (request) => {
      const { page, pageSize, ...filter } = request.query;
      return memberHistory(db, currentOf(request).user.id, filter, { page, pageSize });
    },
  );

  r.get(
    API.walletHistoryCsv,
    asMoneyEndpoint({
      summary: "The same entries as CSV (amounts as decimals like 12.34), every page",
      querystring: walletHistoryCsvQuerySchema,
      produces: ["text/csv"],
    }),
    async (request, reply) => {
      const batches = memberHistoryBatches(db, currentOf(request).user.id, request.query);
      const header = csvHeaderIn(currentOf(request).user.locale, WALLET_CSV_COLUMNS);
      return sendCsvFile(reply, datedCsvName("helio-wallet"), csvStream(header, batches, walletCsvCells));
    },
  );

  r.post(
    API.walletDemoReset,
    asMoneyEndpoint({
      summary: "Reset the demo balance to exactly 10,000.00 (Idempotency-Key header honoured)",
      response: { 200: demoResetResponseSchema },
    }),
    idempotentHandler(async (request, key) => resetDemo({ db, realtime }, currentOf(request).user.id, key)),
  );
}
