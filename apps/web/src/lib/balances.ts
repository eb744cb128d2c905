import type { WalletBalances, WsServerMessage } from "@helio/shared";
import { API } from "@helio/shared/paths";
import { type QueryClient, queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { apiFetch } from "./api.ts";
import { applyLiveData } from "./live-data.ts";
import { lazySchema } from "./schemas.ts";
import { applySettingsMessage, publicSettingsKey } from "./settings.ts";
import { liveSocket } from "./ws.ts";

export const balancesKey = ["wallet", "balances"] as const;

/** `GET /api/wallet`: every account of the member in microcents; the `balances` message keeps it current. */
export const walletBalancesQuery = queryOptions({
  queryKey: balancesKey,
  queryFn: ({ signal }) => apiFetch(API.wallet, { schema: lazySchema("walletBalancesSchema"), signal }),
  staleTime: 60_000,
});

/** Every account of the member (wallet, demo, profit, bonus, …); the real wallet alone: `useRealWallet`. */
export function useMemberBalances() {
  return useQuery(walletBalancesQuery);
}

/**
 * Merges a `balances` message (only the accounts a movement touched) into the cached balances.
 * Without a cached answer there is nothing to merge into: the next read fetches everything.
 */
export function applyBalancesMessage(
  queryClient: QueryClient,
  message: Extract<WsServerMessage, { type: "balances" }>,
): Promise<void> {
  if (!queryClient.getQueryData<WalletBalances>(balancesKey))
    return queryClient.invalidateQueries({ queryKey: balancesKey });
  return applyLiveData<WalletBalances>(queryClient, balancesKey, (current) =>
    current ? { ...current, ...message.balances } : current,
  );
}

/**
 * While the shell is open: balances and rates follow the server live. Every `ready` (the first
 * connection and each reconnect) reads them again, as messages may have been missed meanwhile.
 */
export function useMoneyLive(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const offs = [
      liveSocket.subscribe("balances", (message) => void applyBalancesMessage(queryClient, message)),
      liveSocket.subscribe("settings.updated", (message) => void applySettingsMessage(queryClient, message.settings)),
      liveSocket.subscribe("ready", () => {
        void queryClient.invalidateQueries({ queryKey: balancesKey });
        void queryClient.invalidateQueries({ queryKey: publicSettingsKey });
      }),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [queryClient]);
}
