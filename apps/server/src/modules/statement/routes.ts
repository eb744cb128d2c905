import {
  API,
  PROFIT_CSV_COLUMNS,
  profitFileQuerySchema,
  profitQuerySchema,
  profitResponseSchema,
  STATEMENT_CSV_COLUMNS,
  statementFileQuerySchema,
  statementMailResponseSchema,
  statementMailSchema,
  statementQuerySchema,
  statementResponseSchema,
} from "@helio/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentOf } from "../../platform/auth/session.ts";
import { csvStream, sendCsvFile } from "../../platform/http/csv.ts";
import { featureRouteOptions } from "../../platform/http/route-options.ts";
import type { Services } from "../../services.ts";
import { memberStatement, statementBatches, statementSummary } from "../ledger/index.ts";
import { profitBatches, profitSummary, profitTable } from "../trading/index.ts";
import { fileName, profitCsvCells, profitPdf, statementCsvCells, statementPdf } from "./documents.ts";
import { headerIn } from "./headers.ts";
import { closedMonth, statementMail, statementPdfUrl } from "./mail.ts";
import { readerOf } from "./reader.ts";

/** Sends a PDF as a download; never stored by a cache (it is a member's own data). */
function sendPdf(reply: FastifyReply, name: string, body: NodeJS.ReadableStream) {
  return reply
    .type("application/pdf")
    .header("content-disposition", `attachment; filename="${name}"`)
    .header("cache-control", "no-store")
    .send(body);
}

export async function statementRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, settings, mailer, config } = services;
  const { asMember, asMoneyEndpoint } = featureRouteOptions(services, "statement");
  const who = async (request: FastifyRequest) => {
    const { user } = currentOf(request);
    return { user, reader: readerOf(user, await settings.get()), holder: { name: user.name, email: user.email } };
  };

  r.get(
    API.statement,
    asMember({
      summary: "One account's movements in a period, oldest first, with running balance, opening, closing and totals",
      querystring: statementQuerySchema,
      response: { 200: statementResponseSchema },
    }),
    async (request) => {
      const { page, pageSize, ...filter } = request.query;
      return memberStatement(db, currentOf(request).user.id, filter, { page, pageSize });
    },
  );

  r.get(
    API.statementCsv,
    asMoneyEndpoint({
      summary: "The statement as CSV: USD decimals and the display currency",
      querystring: statementFileQuerySchema,
      produces: ["text/csv"],
    }),
    async (request, reply) => {
      const { user, reader } = await who(request);
      const f = request.query;
      const header = headerIn(user.locale, STATEMENT_CSV_COLUMNS);
      const body = csvStream(header, statementBatches(db, user.id, f), statementCsvCells(reader));
      return sendCsvFile(reply, fileName("helio-statement", f.from ?? null, f.to ?? null, "csv"), body);
    },
  );

  r.get(
    API.statementPdf,
    asMoneyEndpoint({
      summary: "The statement as a PDF in the member's language and display currency",
      querystring: statementFileQuerySchema,
      produces: ["application/pdf"],
    }),
    async (request, reply) => {
      const { user, reader, holder } = await who(request);
      const f = request.query;
      const summary = await statementSummary(db, user.id, f);
      const doc = await statementPdf(reader, holder, { ...summary, kind: f.kind }, statementBatches(db, user.id, f));
      return sendPdf(reply, fileName("helio-statement", f.from ?? null, f.to ?? null, "pdf"), doc);
    },
  );

  r.post(
    API.statementMail,
    asMoneyEndpoint({
      summary: "Mails the statement of a month that has ended (its figures and the link to its PDF)",
      body: statementMailSchema,
      response: { 202: statementMailResponseSchema },
    }),
    async (request, reply) => {
      const { user, reader } = await who(request);
      const { month, account } = request.body;
      const period = closedMonth(month, new Date());
      const summary = await statementSummary(db, user.id, { account, ...period });
      const url = statementPdfUrl(config.publicUrl, API.statementPdf, account, period.from, period.to);
      await mailer.send(statementMail(user.email, reader, month, summary, url));
      return reply.code(202).send({ to: user.email, from: period.from, until: period.to });
    },
  );

  r.get(
    API.profitTable,
    asMember({
      summary: "Settled contracts of one mode (Real by default) in a period, oldest first, with totals",
      querystring: profitQuerySchema,
      response: { 200: profitResponseSchema },
    }),
    async (request) => {
      const { page, pageSize, ...filter } = request.query;
      return profitTable(db, currentOf(request).user.id, filter, { page, pageSize });
    },
  );

  r.get(
    API.profitTableCsv,
    asMoneyEndpoint({
      summary: "The profit table as CSV: USD decimals and the display currency",
      querystring: profitFileQuerySchema,
      produces: ["text/csv"],
    }),
    async (request, reply) => {
      const { user, reader } = await who(request);
      const f = request.query;
      const header = headerIn(user.locale, PROFIT_CSV_COLUMNS);
      const body = csvStream(header, profitBatches(db, user.id, f), profitCsvCells(reader));
      return sendCsvFile(reply, fileName(`helio-profit-${f.mode}`, f.from ?? null, f.to ?? null, "csv"), body);
    },
  );

  r.get(
    API.profitTablePdf,
    asMoneyEndpoint({
      summary: "The profit table as a PDF in the member's language and display currency",
      querystring: profitFileQuerySchema,
      produces: ["application/pdf"],
    }),
    async (request, reply) => {
      const { user, reader, holder } = await who(request);
      const f = request.query;
      const summary = await profitSummary(db, user.id, f);
      const doc = await profitPdf(reader, holder, summary, profitBatches(db, user.id, f));
      return sendPdf(reply, fileName(`helio-profit-${f.mode}`, f.from ?? null, f.to ?? null, "pdf"), doc);
    },
  );
}
