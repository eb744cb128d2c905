import { API, adminTradesResponseSchema, houseExposureSchema, houseResultSchema } from "@helio/shared";
import type { z } from "@helio/shared/zod";
import { pagedQuery, readQuery } from "../../lib/query.ts";

export type AdminTrade = z.infer<typeof adminTradesResponseSchema>["items"][number];
export type HouseResult = z.infer<typeof houseResultSchema>;
export type ContractFilter = "all" | "open" | "settled";

export const tradingKeys = {
  all: ["admin", "trading"] as const,
  house: ["admin", "trading", "house"] as const,
  exposure: ["admin", "trading", "exposure"] as const,
  contracts: (status: ContractFilter, uid: string, page: number, pageSize: number) =>
    ["admin", "trading", "contracts", { status, uid, page, pageSize }] as const,
};

/** No live feed for admins: read again every so often (contracts open and settle all the time). */
const TRADING_REFRESH_MS = 15_000;

export const houseResultQuery = readQuery(tradingKeys.house, API.adminTradesHouse, houseResultSchema, {
  refetchInterval: TRADING_REFRESH_MS,
});

export function adminContractsQuery(status: ContractFilter, uid: string, page: number, pageSize: number) {
  const query = { status: status === "all" ? undefined : status, uid: uid || undefined, page, pageSize };
  return pagedQuery(
    tradingKeys.contracts(status, uid, page, pageSize),
    API.adminTrades,
    adminTradesResponseSchema,
    query,
    {
      refetchInterval: TRADING_REFRESH_MS,
    },
  );
}

/** The house's exposure, read again every 5 seconds: it changes with every placement and settlement. */
export const houseExposureQuery = readQuery(tradingKeys.exposure, API.adminTradesExposure, houseExposureSchema, {
  refetchInterval: 5_000,
});
