import { API, adminTradesResponseSchema, houseResultSchema } from "@helio/shared";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { apiFetch } from "../../lib/api.ts";

export type AdminTrade = z.infer<typeof adminTradesResponseSchema>["items"][number];
export type HouseResult = z.infer<typeof houseResultSchema>;
export type ContractFilter = "all" | "open" | "settled";

export const tradingKeys = {
  all: ["admin", "trading"] as const,
  house: ["admin", "trading", "house"] as const,
  contracts: (status: ContractFilter, uid: string, page: number, pageSize: number) =>
    ["admin", "trading", "contracts", { status, uid, page, pageSize }] as const,
};

/** No live feed for admins: read again every so often (contracts open and settle all the time). */
const TRADING_REFRESH_MS = 15_000;

export const houseResultQuery = queryOptions({
  queryKey: tradingKeys.house,
  queryFn: ({ signal }) => apiFetch(API.adminTradesHouse, { schema: houseResultSchema, signal }),
  refetchInterval: TRADING_REFRESH_MS,
});

export function adminContractsQuery(status: ContractFilter, uid: string, page: number, pageSize: number) {
  return queryOptions({
    queryKey: tradingKeys.contracts(status, uid, page, pageSize),
    queryFn: ({ signal }) =>
      apiFetch(API.adminTrades, {
        query: { status: status === "all" ? undefined : status, uid: uid || undefined, page, pageSize },
        schema: adminTradesResponseSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: TRADING_REFRESH_MS,
  });
}
