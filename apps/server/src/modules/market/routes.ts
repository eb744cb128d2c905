import { API, candlesQuerySchema, candlesResponseSchema, pairsResponseSchema, symbolParamsSchema } from "@helio/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireMember } from "../../platform/auth/session.ts";
import type { Services } from "../../services.ts";

export async function marketRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const member = requireMember(services.auth);
  const tags = ["market"];
  r.get(
    API.marketPairs,
    {
      schema: {
        tags,
        summary: "The 12 pairs: last price, 24h change, high, low, and whether the feed is stale",
        response: { 200: pairsResponseSchema },
      },
      preHandler: member,
    },
    async () => services.market.pairs(),
  );
  r.get(
    "/api/market/candles/:symbol",
    {
      schema: {
        tags,
        summary: "Candles of a pair (1m, 5m, 15m, 1h; aggregated from 1-minute candles), oldest first",
        params: symbolParamsSchema,
        querystring: candlesQuerySchema,
        response: { 200: candlesResponseSchema },
      },
      preHandler: member,
    },
    async (request) => services.market.candles(request.params.symbol, request.query.interval, request.query.limit),
  );
}
