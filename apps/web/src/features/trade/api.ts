import type { CandleInterval, PairQuote, PlaceTradeInput, TradingMode } from "@helio/shared";
import { API } from "@helio/shared/paths";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { apiFetch, idempotentPost } from "../../lib/api.ts";
import { pagedQuery, readQuery, useRefresh } from "../../lib/query.ts";
import { lazySchema } from "../../lib/schemas.ts";
import { liveSocket } from "../../lib/ws.ts";

export const tradeKeys = {
  pairs: ["market", "pairs"] as const,
  candles: (symbol: string, interval: CandleInterval) => ["market", "candles", symbol, interval] as const,
  config: ["trades", "config"] as const,
  open: ["trades", "open"] as const,
  openOf: (mode: TradingMode | "all") => ["trades", "open", mode] as const,
  history: (filters: HistoryFilters) => ["trades", "history", filters] as const,
};

export type HistoryFilters = {
  /** Real or Practice: one at a time, never added together. */
  mode: TradingMode;
  symbol: string;
  result: string;
  from: string;
  to: string;
  page: number;
  pageSize: number;
};

export const pairsQuery = readQuery(tradeKeys.pairs, API.marketPairs, lazySchema("pairsResponseSchema"), {
  staleTime: 30_000,
  refetchInterval: 60_000,
});

/** The 12 pairs with prices kept live by `ticks` messages. */
export function usePairs() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      liveSocket.subscribe("ticks", (m) =>
        queryClient.setQueryData<PairQuote[]>(tradeKeys.pairs, (pairs) =>
          pairs?.map((p) => {
            const tick = m.ticks.find((t) => t.symbol === p.symbol);
            return tick ? { ...p, price: tick.price, at: tick.at, stale: false } : p;
          }),
        ),
      ),
    [queryClient],
  );
  return useQuery(pairsQuery);
}

export const candlesQuery = (symbol: string, interval: CandleInterval) =>
  queryOptions({
    queryKey: tradeKeys.candles(symbol, interval),
    queryFn: ({ signal }) =>
      apiFetch(API.marketCandles(symbol), {
        schema: lazySchema("candlesResponseSchema"),
        query: { interval, limit: 300 },
        signal,
      }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const tradeConfigQuery = readQuery(tradeKeys.config, API.tradesConfig, lazySchema("tradeConfigSchema"), {
  staleTime: 60_000,
});

/**
 * Running contracts (of one mode when `mode` is given); refreshed every 2 seconds (winning now) and
 * when one settles.
 */
export function useOpenTrades(mode?: TradingMode) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const offSettled = liveSocket.subscribe("trade.settled", () => {
      void queryClient.invalidateQueries({ queryKey: ["trades"] });
    });
    return offSettled;
  }, [queryClient]);
  return useQuery(
    queryOptions({
      queryKey: tradeKeys.openOf(mode ?? "all"),
      queryFn: ({ signal }) =>
        apiFetch(API.tradesOpen, {
          schema: lazySchema("openTradesResponseSchema"),
          query: mode ? { mode } : {},
          signal,
        }),
      refetchInterval: 2000,
    }),
  );
}

export function useTradeHistory(filters: HistoryFilters) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      liveSocket.subscribe("trade.settled", () => {
        void queryClient.invalidateQueries({ queryKey: ["trades", "history"] });
      }),
    [queryClient],
  );
  const { mode, symbol, result, from, to, page, pageSize } = filters;
  return useQuery(
    pagedQuery(tradeKeys.history(filters), API.tradesHistory, lazySchema("tradeHistoryResponseSchema"), {
      mode,
      symbol,
      result,
      from,
      to,
      page,
      pageSize,
    }),
  );
}

export function usePlaceTrade() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ input, key }: { input: PlaceTradeInput; key: string }) =>
      idempotentPost(API.trades, input, key, lazySchema("tradeContractSchema")),
    onSuccess: () => refresh(tradeKeys.open),
  });
}
