import {
  API,
  adminInvestmentSummarySchema,
  adminInvestmentsQuerySchema,
  adminInvestmentsResponseSchema,
  adminPackageSchema,
  adminPackagesResponseSchema,
  amountCentsOf,
  buyInvestmentResponseSchema,
  buyInvestmentSchema,
  investmentInvoiceSchema,
  investmentListQuerySchema,
  investmentListResponseSchema,
  investmentPackageSchema,
  investmentPackagesResponseSchema,
  packageInputSchema,
  text,
} from "@helio/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentOf, requireAdmin, requireMember } from "../../platform/auth/session.ts";
import { moneyRateLimit } from "../../platform/kit.ts";
import { idempotencyKeyOf, sendIdempotent } from "../../platform/money/idempotency.ts";
import type { Services } from "../../services.ts";
import { adminInvestments, investmentSummary, memberInvestments } from "./admin.ts";
import {
  activePackages,
  adminPackages,
  buyInvestment,
  createPackage,
  editPackage,
  investmentInvoice,
  packageBySlug,
  removePackage,
} from "./service.ts";

const slugParams = z.object({ slug: text().min(1).max(60) });
const idParams = z.object({ id: text().min(1).max(64) });
const packageIdParams = z.object({ id: z.uuid("Not a package id") });

/** Packages, purchases and invoices for members; package management and the investments list for admins. */
export async function investmentRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { auth, db, realtime, settings, config } = services;
  const deps = { db, realtime, settings };
  const member = requireMember(auth);
  const admin = requireAdmin(auth);
  const tags = ["investments"];
  const actorOf = (request: Parameters<typeof currentOf>[0]) => ({
    adminId: currentOf(request).user.id,
    ip: request.ip,
  });

  r.get(
    API.packages,
    {
      schema: {
        tags,
        summary: "The active packages, in display order",
        response: { 200: investmentPackagesResponseSchema },
      },
      preHandler: member,
    },
    async () => activePackages(deps),
  );

  r.get(
    "/api/packages/:slug",
    {
      schema: {
        tags,
        summary: "One active package by slug (unknown or inactive: 404)",
        params: slugParams,
        response: { 200: investmentPackageSchema },
      },
      preHandler: member,
    },
    async (request) => packageBySlug(deps, request.params.slug),
  );

  r.post(
    API.investments,
    {
      schema: {
        tags,
        summary:
          "Buy a package, paid from the wallet; pays the referral commissions in the same transaction; Idempotency-Key honoured",
        body: buyInvestmentSchema,
        response: { 201: buyInvestmentResponseSchema },
      },
      preHandler: member,
      config: moneyRateLimit(config),
    },
    async (request, reply) => {
      const { body } = request;
      const answer = await buyInvestment(
        deps,
        currentOf(request).user.id,
        {
          slug: body.slug,
          amountCents: amountCentsOf(body),
          amountField: body.amountCents !== undefined ? "amountCents" : "amount",
        },
        idempotencyKeyOf(request),
      );
      return sendIdempotent(reply, answer);
    },
  );

  r.get(
    API.investments,
    {
      schema: {
        tags,
        summary: "The member's investments, newest first, with progress and next accrual time",
        querystring: investmentListQuerySchema,
        response: { 200: investmentListResponseSchema },
      },
      preHandler: member,
    },
    async (request) => memberInvestments(deps, currentOf(request).user.id, request.query),
  );

  r.get(
    "/api/investments/:id",
    {
      schema: {
        tags,
        summary: "The investment's invoice with its schedule (another member's: 404)",
        params: idParams,
        response: { 200: investmentInvoiceSchema },
      },
      preHandler: member,
    },
    async (request) => investmentInvoice(deps, currentOf(request).user.id, request.params.id),
  );

  // Back office.
  const adminTags = ["admin"];
  r.get(
    API.adminPackages,
    {
      schema: {
        tags: adminTags,
        summary: "Every package, with its investment count",
        response: { 200: adminPackagesResponseSchema },
      },
      preHandler: admin,
    },
    async () => adminPackages(deps),
  );

  r.post(
    API.adminPackages,
    {
      schema: {
        tags: adminTags,
        summary: "Create a package (audited)",
        body: packageInputSchema,
        response: { 201: adminPackageSchema },
      },
      preHandler: admin,
    },
    async (request, reply) => reply.status(201).send(await createPackage(deps, actorOf(request), request.body)),
  );

  r.put(
    "/api/admin/packages/:id",
    {
      schema: {
        tags: adminTags,
        summary: "Replace a package's fields (audited); the slug is fixed once invested; investments keep their terms",
        params: packageIdParams,
        body: packageInputSchema,
        response: { 200: adminPackageSchema },
      },
      preHandler: admin,
    },
    async (request) => editPackage(deps, actorOf(request), request.params.id, request.body),
  );

  r.delete(
    "/api/admin/packages/:id",
    {
      schema: {
        tags: adminTags,
        summary: "Delete a package nobody invested in (audited); otherwise 409: deactivate it",
        params: packageIdParams,
      },
      preHandler: admin,
    },
    async (request, reply) => {
      await removePackage(deps, actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  r.get(
    API.adminInvestments,
    {
      schema: {
        tags: adminTags,
        summary: "Investments filtered by package, status and member, with totals over the filter",
        querystring: adminInvestmentsQuerySchema,
        response: { 200: adminInvestmentsResponseSchema },
      },
      preHandler: admin,
    },
    async (request) => adminInvestments(deps, request.query),
  );

  r.get(
    API.adminInvestmentsSummary,
    {
      schema: {
        tags: adminTags,
        summary: "Invested capital, profit and commissions paid, capital due in the next 7 days",
        response: { 200: adminInvestmentSummarySchema },
      },
      preHandler: admin,
    },
    async () => investmentSummary(deps),
  );

  r.get(
    "/api/admin/investments/:id",
    {
      schema: {
        tags: adminTags,
        summary: "Any member's investment invoice with its schedule",
        params: idParams,
        response: { 200: investmentInvoiceSchema },
      },
      preHandler: admin,
    },
    async (request) => investmentInvoice(deps, null, request.params.id),
  );
}
