import {
  API,
  API_PATTERNS,
  adminInvestmentSummarySchema,
  adminInvestmentsQuerySchema,
  adminInvestmentsResponseSchema,
  adminPackageSchema,
  adminPackagesResponseSchema,
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
import { z } from "@helio/shared/zod";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { adminActorOf, currentOf } from "../../platform/auth/session.ts";
import { featureRouteOptions } from "../../platform/http/route-options.ts";
import { idempotentHandler } from "../../platform/money/idempotency.ts";
import { amountAskedOf } from "../../platform/money/rate-quote.ts";
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

const slugParams = z.object({ slug: text().check(z.minLength(1), z.maxLength(60)) });
const idParams = z.object({ id: text().check(z.minLength(1), z.maxLength(64)) });
const packageIdParams = z.object({ id: z.uuid("Not a package id") });

/** Packages, purchases and invoices for members; package management and the investments list for admins. */
export async function investmentRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, realtime, settings } = services;
  const deps = { db, realtime, settings };
  const { asMember, asMoneyEndpoint, asAdmin } = featureRouteOptions(services, "investments", ["admin"]);

  r.get(
    API.packages,
    asMember({ summary: "The active packages, in display order", response: { 200: investmentPackagesResponseSchema } }),
    async () => activePackages(deps),
  );

  r.get(
    API_PATTERNS.package,
    asMember({
      summary: "One active package by slug (unknown or inactive: 404)",
      params: slugParams,
      response: { 200: investmentPackageSchema },
    }),
    async (request) => packageBySlug(deps, request.params.slug),
  );

  r.post(
    API.investments,
    asMoneyEndpoint(
      {
        summary:
          "Buy a package with `amountMicrocents`, `amount`, or `local` in the member's currency at the rate shown (409 RATE_CHANGED when that rate is no longer current), paid from the wallet; pays the referral commissions in the same transaction; Idempotency-Key honoured",
        body: buyInvestmentSchema,
        response: { 201: buyInvestmentResponseSchema },
      },
      { config: { needsTerms: "always" } },
    ),
    idempotentHandler(async (request, key) => {
      const { user } = currentOf(request);
      const purchase = { slug: request.body.slug, ...amountAskedOf(request.body, user.currency) };
      return buyInvestment(deps, user.id, purchase, key);
    }),
  );

  r.get(
    API.investments,
    asMember({
      summary: "The member's investments, newest first, with progress and next accrual time",
      querystring: investmentListQuerySchema,
      response: { 200: investmentListResponseSchema },
    }),
    async (request) => memberInvestments(deps, currentOf(request).user.id, request.query),
  );

  r.get(
    API_PATTERNS.investment,
    asMember({
      summary: "The investment's invoice with its schedule (another member's: 404)",
      params: idParams,
      response: { 200: investmentInvoiceSchema },
    }),
    async (request) => investmentInvoice(deps, currentOf(request).user.id, request.params.id),
  );

  // Back office.
  r.get(
    API.adminPackages,
    asAdmin({
      access: "packagesRead",
      summary: "Every package, with its investment count",
      response: { 200: adminPackagesResponseSchema },
    }),
    async () => adminPackages(deps),
  );

  r.post(
    API.adminPackages,
    asAdmin({
      access: "packagesWrite",
      summary: "Create a package (audited)",
      body: packageInputSchema,
      response: { 201: adminPackageSchema },
    }),
    async (request, reply) => reply.status(201).send(await createPackage(deps, adminActorOf(request), request.body)),
  );

  r.put(
    API_PATTERNS.adminPackage,
    asAdmin({
      access: "packagesWrite",
      summary: "Replace a package's fields (audited); the slug is fixed once invested; investments keep their terms",
      params: packageIdParams,
      body: packageInputSchema,
      response: { 200: adminPackageSchema },
    }),
    async (request) => editPackage(deps, adminActorOf(request), request.params.id, request.body),
  );

  r.delete(
    API_PATTERNS.adminPackage,
    asAdmin({
      access: "packagesWrite",
      summary: "Delete a package nobody invested in (audited); otherwise 409: deactivate it",
      params: packageIdParams,
    }),
    async (request, reply) => {
      await removePackage(deps, adminActorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  r.get(
    API.adminInvestments,
    asAdmin({
      access: "investmentsRead",
      summary: "Investments filtered by package, status and member, with totals over the filter",
      querystring: adminInvestmentsQuerySchema,
      response: { 200: adminInvestmentsResponseSchema },
    }),
    async (request) => adminInvestments(deps, request.query),
  );

  r.get(
    API.adminInvestmentsSummary,
    asAdmin({
      access: "investmentsRead",
      summary: "Invested capital, profit and commissions paid, capital due in the next 7 days",
      response: { 200: adminInvestmentSummarySchema },
    }),
    async () => investmentSummary(deps),
  );

  r.get(
    API_PATTERNS.adminInvestment,
    asAdmin({
      access: "investmentsRead",
      summary: "Any member's investment invoice with its schedule",
      params: idParams,
      response: { 200: investmentInvoiceSchema },
    }),
    async (request) => investmentInvoice(deps, null, request.params.id),
  );
}
