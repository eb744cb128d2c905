import {
  API,
  API_PATTERNS,
  adminKycQuerySchema,
  adminKycResponseSchema,
  adminKycSchema,
  KYC_DOCUMENT_TYPES,
  KYC_DOCUMENTS,
  type KycDocument,
  kycDocumentSchema,
  kycFieldsSchema,
  kycSchema,
  reasonBodySchema,
  requiresIdBack,
  UPLOAD_MAX_BYTES,
} from "@helio/shared";
import { z } from "@helio/shared/zod";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { adminActorOf, currentOf } from "../../platform/auth/session.ts";
import { AppError } from "../../platform/http/errors.ts";
import { featureRouteOptions, memberUidParams } from "../../platform/http/route-options.ts";
import { type CheckedUpload, inlineDisposition, readCheckedFile } from "../../platform/kit.ts";
import type { Services } from "../../services.ts";
import {
  getAdminKyc,
  getKyc,
  type KycFields,
  type KycFiles,
  listAdminKyc,
  readKycDocument,
  reviewKyc,
  submitKyc,
} from "./service.ts";

const DOC_SET = new Set<string>(KYC_DOCUMENTS);
const invalid = (fields: { field: string; message: string }[]) =>
  new AppError(400, "VALIDATION_FAILED", fields.map((f) => `${f.field}: ${f.message}`).join("; "), fields);

/** Reads the multipart form: text fields and up to three checked images; every problem named by field. */
async function readSubmission(request: FastifyRequest): Promise<{ fields: KycFields; files: KycFiles }> {
  if (!request.isMultipart()) throw invalid([{ field: "body", message: "Send the form as multipart/form-data" }]);
  const text: Record<string, string> = {};
  const files: Partial<Record<KycDocument, CheckedUpload>> = {};
  const parts = request.parts({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 3, fields: 10, fieldSize: 1024 } });
  for await (const part of parts) {
    if (part.type === "file") {
      if (!DOC_SET.has(part.fieldname) || files[part.fieldname as KycDocument]) {
        part.file.resume();
        throw invalid([
          { field: part.fieldname, message: "Unexpected file: send idFront, idBack and selfie once each" },
        ]);
      }
      files[part.fieldname as KycDocument] = await readCheckedFile(part, {
        field: part.fieldname,
        accepted: KYC_DOCUMENT_TYPES,
        maxBytes: UPLOAD_MAX_BYTES,
        describe: "a JPEG, PNG or WebP image",
      });
    } else {
      text[part.fieldname] = String(part.value ?? "");
    }
  }
  const parsed = kycFieldsSchema.safeParse(text);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((i) => ({ field: String(i.path[0] ?? "body"), message: i.message }));
  if (!files.idFront) problems.push({ field: "idFront", message: "Attach the front of your ID" });
  if (!files.selfie) problems.push({ field: "selfie", message: "Attach a selfie holding your ID" });
  if (parsed.success && requiresIdBack(parsed.data.idType) && !files.idBack) {
    problems.push({ field: "idBack", message: "Attach the back of your ID" });
  }
  if (!parsed.success || problems.length) throw invalid(problems);
  return { fields: parsed.data, files: files as KycFiles };
}

function sendDocument(reply: FastifyReply, file: { data: Buffer; contentType: string; fileName: string }) {
  return reply
    .type(file.contentType)
    .header("content-disposition", inlineDisposition(file.fileName))
    .header("cache-control", "private, no-store")
    .send(file.data);
}

export async function kycRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, realtime, storage, notifications } = services;
  const deps = { db, realtime, storage, notifications };
  const { asMember, asMoneyEndpoint, asAdmin } = featureRouteOptions(services, "kyc");
  const docParams = z.object({ doc: kycDocumentSchema });

  r.get(
    API.kyc,
    asMember({ summary: "The member's identity verification", response: { 200: kycSchema } }),
    async (request) => getKyc(deps, currentOf(request).user.id),
  );

  r.post(
    API.kyc,
    asMoneyEndpoint({
      summary:
        "Submit (or resubmit after a rejection): multipart fields legalName, dateOfBirth, country, idType, " +
        "idNumber and images idFront, idBack (not for passport), selfie (JPEG/PNG/WebP ≤ 10 MB each)",
      consumes: ["multipart/form-data"],
      response: { 201: kycSchema },
    }),
    async (request, reply) => {
      const { user } = currentOf(request);
      const { fields, files } = await readSubmission(request);
      return reply.status(201).send(await submitKyc(deps, user.id, fields, files));
    },
  );

  r.get(
    API_PATTERNS.kycDocument,
    asMember({ summary: "One of the member's own KYC documents", params: docParams }),
    async (request, reply) =>
      sendDocument(reply, await readKycDocument(deps, currentOf(request).user.id, request.params.doc)),
  );

  // Back office.
  r.get(
    API.adminKyc,
    asAdmin({
      access: "kycRead",
      summary: "KYC queue (default: pending, oldest first)",
      querystring: adminKycQuerySchema,
      response: { 200: adminKycResponseSchema },
    }),
    async (request) => listAdminKyc(deps, request.query),
  );

  r.get(
    API_PATTERNS.adminKycMember,
    asAdmin({
      access: "kycRead",
      summary: "A member's KYC",
      params: memberUidParams,
      response: { 200: adminKycSchema },
    }),
    async (request) => getAdminKyc(deps, request.params.uid),
  );

  r.get(
    API_PATTERNS.adminKycDocument,
    asAdmin({
      access: "kycRead",
      summary: "A member's KYC document",
      params: z.extend(memberUidParams, docParams.shape),
    }),
    async (request, reply) => sendDocument(reply, await readKycDocument(deps, request.params.uid, request.params.doc)),
  );

  r.post(
    API_PATTERNS.adminKycApprove,
    asAdmin({
      access: "kycDecide",
      summary: "Approve a pending KYC",
      params: memberUidParams,
      response: { 200: adminKycSchema },
    }),
    async (request) => reviewKyc(deps, adminActorOf(request), request.params.uid, { status: "approved" }),
  );

  r.post(
    API_PATTERNS.adminKycReject,
    asAdmin({
      access: "kycDecide",
      summary: "Reject a pending KYC with a reason",
      params: memberUidParams,
      body: reasonBodySchema,
      response: { 200: adminKycSchema },
    }),
    async (request) =>
      reviewKyc(deps, adminActorOf(request), request.params.uid, { status: "rejected", reason: request.body.reason }),
  );
}
