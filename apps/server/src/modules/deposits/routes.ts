import {
  ADMIN_DEPOSIT_CSV_COLUMNS,
  API,
  API_PATTERNS,
  adminDepositSchema,
  adminDepositsCsvQuerySchema,
  adminDepositsQuerySchema,
  adminDepositsResponseSchema,
  approveDepositSchema,
  createDepositSchema,
  DEPOSIT_PROOF_TYPES,
  depositInvoiceSchema,
  depositListQuerySchema,
  depositListResponseSchema,
  reasonBodySchema,
  UPLOAD_MAX_BYTES,
} from "@helio/shared";
import { z } from "@helio/shared/zod";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { adminActorOf, currentOf } from "../../platform/auth/session.ts";
import { csvStream, datedCsvName, sendCsvFile } from "../../platform/http/csv.ts";
import { fieldError } from "../../platform/http/errors.ts";
import { featureRouteOptions } from "../../platform/http/route-options.ts";
import { inlineDisposition, readCheckedFile } from "../../platform/kit.ts";
import { idempotentHandler } from "../../platform/money/idempotency.ts";
import { amountAskedOf } from "../../platform/money/rate-quote.ts";
import type { Services } from "../../services.ts";
import {
  adminDepositCsvCells,
  adminInvoiceBatches,
  approveInvoice,
  createInvoice,
  getAdminInvoice,
  getInvoice,
  listAdminInvoices,
  listMemberInvoices,
  readProof,
  rejectInvoice,
  submitProof,
} from "./service.ts";

const idParams = z.object({ id: z.uuid("Not a deposit id") });

export async function depositRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, realtime, storage, settings, notifications } = services;
  const deps = { db, realtime, storage, settings, notifications, now: services.now };
  const { asMember, asMoneyEndpoint, asAdmin } = featureRouteOptions(services, "deposits");

  r.post(
    API.deposits,
    asMoneyEndpoint(
      {
        summary:
          "Create a deposit invoice (`amountMicrocents`, `amount`, or `local` in the member's currency at the rate shown: 409 RATE_CHANGED when that rate is no longer current; ≥ settings.depositMinMicrocents); Idempotency-Key honoured",
        body: createDepositSchema,
        response: { 201: depositInvoiceSchema },
      },
      { config: { needsTerms: "always" } },
    ),
    idempotentHandler(async (request, key) => {
      const { user } = currentOf(request);
      return createInvoice(deps, user.id, amountAskedOf(request.body, user.currency), key);
    }),
  );

  r.get(
    API.deposits,
    asMember({
      summary: "The member's deposit invoices, newest first",
      querystring: depositListQuerySchema,
      response: { 200: depositListResponseSchema },
    }),
    async (request) => listMemberInvoices(deps, currentOf(request).user.id, request.query),
  );

  r.get(
    API_PATTERNS.deposit,
    asMember({ summary: "One of the member's invoices", params: idParams, response: { 200: depositInvoiceSchema } }),
    async (request) => getInvoice(deps, currentOf(request).user.id, request.params.id),
  );

  r.post(
    API_PATTERNS.depositProof,
    asMoneyEndpoint({
      summary: "Upload the proof of payment (JPEG, PNG, WebP or PDF, ≤ 10 MB; multipart field `file`)",
      consumes: ["multipart/form-data"],
      params: idParams,
      response: { 200: depositInvoiceSchema },
    }),
    async (request) => {
      const { user } = currentOf(request);
      if (!request.isMultipart()) throw fieldError("file", "Attach the proof as multipart/form-data");
      const part = await request.file({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } });
      if (part?.fieldname !== "file") throw fieldError("file", "Attach the proof of payment");
      const upload = await readCheckedFile(part, {
        field: "file",
        accepted: DEPOSIT_PROOF_TYPES,
        maxBytes: UPLOAD_MAX_BYTES,
        describe: "a JPEG, PNG or WebP image or a PDF",
      });
      return submitProof(deps, user.id, request.params.id, upload);
    },
  );

  r.get(
    API_PATTERNS.depositProof,
    asMember({
      summary: "The proof of payment (its owner and admins only)",
      params: idParams,
      produces: [...DEPOSIT_PROOF_TYPES],
    }),
    async (request, reply) => {
      const { user } = currentOf(request);
      const file = await readProof(deps, { uid: user.id, admin: user.role === "admin" }, request.params.id);
      // Images open in the browser; a PDF is downloaded (never rendered inside our origin).
      const disposition = inlineDisposition(file.fileName);
      return reply
        .type(file.contentType)
        .header(
          "content-disposition",
          file.contentType === "application/pdf" ? disposition.replace(/^inline/, "attachment") : disposition,
        )
        .header("cache-control", "private, no-store")
        .send(file.data);
    },
  );

  // Back office.
  r.get(
    API.adminDeposits,
    asAdmin({
      access: "depositsRead",
      summary: "Deposit queue (default: proofs waiting for review); filter by status and member",
      querystring: adminDepositsQuerySchema,
      response: { 200: adminDepositsResponseSchema },
    }),
    async (request) => listAdminInvoices(deps, request.query),
  );

  r.get(
    API.adminDepositsCsv,
    asAdmin({
      access: "depositsRead",
      summary:
        "The deposit queue's invoices as CSV, every page: the amount in the member's currency, the rate and the USD amount side by side",
      querystring: adminDepositsCsvQuerySchema,
      produces: ["text/csv"],
    }),
    async (request, reply) => {
      const body = csvStream(ADMIN_DEPOSIT_CSV_COLUMNS, adminInvoiceBatches(db, request.query), adminDepositCsvCells);
      return sendCsvFile(reply, datedCsvName("helio-deposits"), body);
    },
  );

  r.get(
    API_PATTERNS.adminDeposit,
    asAdmin({
      access: "depositsRead",
      summary: "One deposit",
      params: idParams,
      response: { 200: adminDepositSchema },
    }),
    async (request) => getAdminInvoice(deps, request.params.id),
  );

  r.post(
    API_PATTERNS.adminDepositApprove,
    asAdmin({
      access: "depositsDecide",
      summary:
        "Approve a deposit with a proof: credits the wallet exactly once. `amountReceived` (optional): the amount the bank statement shows, in the invoice's currency; a different amount is refused (400 naming the field)",
      params: idParams,
      body: approveDepositSchema,
      response: { 200: adminDepositSchema },
    }),
    async (request) => approveInvoice(deps, adminActorOf(request), request.params.id, request.body ?? {}),
  );

  r.post(
    API_PATTERNS.adminDepositReject,
    asAdmin({
      access: "depositsDecide",
      summary: "Reject a deposit with a reason",
      params: idParams,
      body: reasonBodySchema,
      response: { 200: adminDepositSchema },
    }),
    async (request) => rejectInvoice(deps, adminActorOf(request), request.params.id, request.body.reason),
  );
}
