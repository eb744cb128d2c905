import { API, type LegalDocuments, legalDocumentsSchema, type Settings } from "@helio/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { featureRouteOptions } from "../../platform/http/route-options.ts";
import type { Services } from "../../services.ts";

/** The public documents: the operator's texts, the terms' version, and the fees as the settings hold them. */
export function legalDocumentsOf(s: Settings): LegalDocuments {
  return {
    texts: s.legalTexts,
    termsVersion: s.termsVersion,
    fees: {
      depositMinMicrocents: s.depositMinMicrocents,
      withdrawalMinMicrocents: s.withdrawalMinMicrocents,
      withdrawalMaxMicrocents: s.withdrawalMaxMicrocents,
      withdrawalFeeBps: s.withdrawalFeeBps,
      withdrawalFeeFlatMicrocents: s.withdrawalFeeFlatMicrocents,
      tradeMinMicrocents: s.tradeMinMicrocents,
      tradeMaxMicrocents: s.tradeMaxMicrocents,
      tradePayoutPercentDefault: s.tradePayoutPercentDefault,
      tradePayoutPercent: s.tradePayoutPercent,
      fundTransferMinMicrocents: s.fundTransferMinMicrocents,
    },
  };
}

export async function legalRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { asPublic } = featureRouteOptions(services, "legal");
  r.get(
    API.legal,
    asPublic({
      summary:
        "The terms (and their version, which registration stores), privacy notice, risk disclosure and fee schedule; no sign-in needed",
      response: { 200: legalDocumentsSchema },
    }),
    async () => legalDocumentsOf(await services.settings.get()),
  );
}
