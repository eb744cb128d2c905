import type { PairQuote } from "@helio/shared";
import { API } from "@helio/shared/paths";
import { type QueryClient, queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { apiFetch } from "../../lib/api.ts";
import { lazySchema } from "../../lib/schemas.ts";
import { liveSocket } from "../../lib/ws.ts";

export const pairsKey = ["market", "pairs"] as const;

/** `GET /api/market/pairs`: the 12 pairs; `ticks` messages keep the prices current. */
export const pairsQuery = queryOptions({
  queryKey: pairsKey,
  queryFn: ({ signal }) => apiFetch(API.marketPairs, { schema: lazySchema("pairsResponseSchema"), signal }),
  staleTime: 30_000,
  refetchInterval: 60_000,
});

/** Folds a `ticks` message into the cached pairs. */
export function applyTicks(queryClient: QueryClient, ticks: { symbol: string; price: string; at: string }[]) {
  queryClient.setQueryData<PairQuote[]>(pairsKey, (pairs) =>
    pairs?.map((p) => {
      const tick = ticks.find((t) => t.symbol === p.symbol);
      return tick ? { ...p, price: tick.price, at: tick.at, stale: false } : p;
    }),
  );
}

/** The pairs, live. */
export function useLivePairs() {
  const queryClient = useQueryClient();
  useEffect(() => liveSocket.subscribe("ticks", (m) => applyTicks(queryClient, m.ticks)), [queryClient]);
  return useQuery(pairsQuery);
}
