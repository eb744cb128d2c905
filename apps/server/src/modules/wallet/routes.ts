import { Readable } from "node:stream";
import {
  API,
  centsToDecimal,
  demoResetResponseSchema,
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
import type { Services } from "../../services.ts";
import { getMemberBalances, memberHistory, memberHistoryBatches } from "../ledger/service.ts";
import { createFastBalanceRead } from "./fast-read.ts";
import { idempotencyKeyOrNew, moneyRateLimit } from "./kit.ts";
import { resetDemo } from "./service.ts";

/** RFC 4180 field; text that a spreadsheet would run as a formula is prefixed with '. */
function csvField(value: string, text = true): string {
  const safe = text && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
export function csvRow(e: WalletEntry): string {
  const cells = [
    csvField(e.createdAt, false),
    csvField(e.kind),
    csvField(e.account),
    csvField(centsToDecimal(e.amountCents), false),
    csvField(centsToDecimal(e.balanceAfterCents), false),
    csvField(e.reference?.type ?? ""),
    csvField(e.reference?.id ?? ""),
    csvField(e.transactionId),
    csvField(e.memo ?? ""),
  ];
  return `${cells.join(",")}\r\n`;
}

export async function walletRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { auth, db, realtime, config } = services;
  const member = requireMember(auth);
  const fastBalances = createFastBalanceRead(auth, db);
  const tags = ["wallet"];

  r.get(
    API.wallet,
    {
      schema: {
        tags,
        summary: "The member's balances in cents (wallet, demo, profit, bonus, withdrawal_hold)",
        response: { 200: walletBalancesSchema },
      },
    },
    async (request, reply) => {
      const fast = await fastBalances(request);
      if (fast) return fast;
      await member(request, reply); // the usual 401/403 answers
      return getMemberBalances(db, currentOf(request).user.id);
    },
  );

  r.get(
    API.walletHistory,
    {
      schema: {
        tags,
        summary: "The member's ledger entries, newest first; filter by kind, account and dates; paged",
        querystring: walletHistoryQuerySchema,
        response: { 200: walletHistoryResponseSchema },
      },
      preHandler: member,
    },
    async (request) => {
      const { page, pageSize, ...filter } = request.query;
      return memberHistory(db, currentOf(request).user.id, filter, { page, pageSize });
    },
  );

  r.get(
    API.walletHistoryCsv,
    {
      schema: {
        tags,
        summary: "The same entries as CSV (amounts as decimals like 12.34), every page",
        querystring: walletHistoryCsvQuerySchema,
        produces: ["text/csv"],
      },
      preHandler: member,
      config: moneyRateLimit(config),
    },
    async (request, reply) => {
      const uid = currentOf(request).user.id;
      const batches = memberHistoryBatches(db, uid, request.query);
      async function* lines() {
        yield `${WALLET_CSV_COLUMNS.join(",")}\r\n`;
        for await (const batch of batches) yield batch.map(csvRow).join("");
      }
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="helio-wallet-${day}.csv"`)
        .header("cache-control", "no-store")
        .send(Readable.from(lines()));
    },
  );

  r.post(
    API.walletDemoReset,
    {
      schema: {
        tags,
        summary: "Reset the demo balance to exactly 10,000.00 (Idempotency-Key header honoured)",
        response: { 200: demoResetResponseSchema },
      },
      preHandler: member,
      config: moneyRateLimit(config),
    },
    async (request) => resetDemo({ db, realtime }, currentOf(request).user.id, idempotencyKeyOrNew(request)),
  );
}
