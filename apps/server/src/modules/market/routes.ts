import {
  API,
  API_PATTERNS,
  candlesQuerySchema,
  candlesResponseSchema,
  pairsResponseSchema,
  symbolParamsSchema,
} from "@helio/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { featureRouteOptions } from "../../platform/http/route-options.ts";
import type { Services } from "../../services.ts";

export async function marketRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { asMember } = featureRouteOptions(services, "market");
  r.get(
    API.marketPairs,
    asMember({
      summary: "The 12 pairs: last price, 24h change, high, low, and whether the feed is stale",
      response: { 200: pairsResponseSchema },
    }),
    async () => services.market.pairs(),
  );
  r.get(
    API_PATTERNS.marketCandles,
    asMember({
      summary: "Candles of a pair (1m, 5m, 15m, 1h; aggregated from 1-minute candles), oldest first",
      params: symbolParamsSchema,
      querystring: candlesQuerySchema,
      response: { 200: candlesResponseSchema },
    }),
    async (request) => services.market.candles(request.params.symbol, request.query.interval, request.query.limit),
  );
}
