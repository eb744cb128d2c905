import type { RealityCheck, SetRealityInterval } from "@helio/shared";
import { API } from "@helio/shared/paths";
import { type QueryClient, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../lib/api.ts";
import { type LiveMessages, useLiveUpdates } from "../../lib/live-updates.ts";
import { readQuery } from "../../lib/query.ts";
import { lazySchema } from "../../lib/schemas.ts";
import { limitsQueryKey } from "./api.ts";

export const realityKeys = {
  all: ["protection", "reality"] as const,
  check: ["protection", "reality", "check"] as const,
  accountLimits: ["protection", "reality", "account-limits"] as const,
};

/** A little after the due time, so that the server's clock has passed it too. */
const DUE_MARGIN_MS = 250;
/** How often a check that cannot come yet (no Real contract this session) is read again. */
const IDLE_READ_MS = 60_000;

/** When to read the check again: at its due time, never while it is showing (it waits for an answer). */
export function nextReadIn(check: RealityCheck | undefined): number | false {
  if (!check) return false;
  if (check.due) return false;
  return check.dueInMs > 0 ? check.dueInMs + DUE_MARGIN_MS : IDLE_READ_MS;
}

/**
 * The session's reality check, read again when it falls due (also in a tab in the background, so
 * that it is there when the member comes back), when a trade or deposit moves money, and when
 * another tab acknowledges it.
 */
export const realityCheckQuery = queryOptions({
  queryKey: realityKeys.check,
  queryFn: ({ signal }) => apiFetch(API.protectionRealityCheck, { schema: lazySchema("realityCheckSchema"), signal }),
  refetchInterval: (query) => nextReadIn(query.state.data),
  refetchIntervalInBackground: true,
});

/** Every limit that applies to the member; kept current by the same messages. */
export const accountLimitsQuery = readQuery(
  realityKeys.accountLimits,
  API.protectionAccountLimits,
  lazySchema("accountLimitsSchema"),
);

function subscribeReality(queryClient: QueryClient, live: LiveMessages) {
  const reread = () => {
    void queryClient.invalidateQueries({ queryKey: realityKeys.all });
    void queryClient.invalidateQueries({ queryKey: limitsQueryKey });
  };
  return [
    live.subscribe("reality.check", () => {
      void queryClient.invalidateQueries({ queryKey: realityKeys.check });
    }),
    // A contract placed or settled, a deposit credited: the figures moved.
    live.subscribe("balances", reread),
    live.subscribe("trade.settled", reread),
    live.subscribe("deposit.updated", reread),
  ];
}

/** While mounted: the reality check and the account limits follow the live socket. */
export function useRealityLive(): void {
  useLiveUpdates(subscribeReality, realityKeys.all);
}

/** `POST /api/protection/reality-check`: the member saw it; every tab closes its dialog. */
export function useAcknowledgeReality() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch<RealityCheck>(API.protectionRealityCheck, { method: "POST", schema: lazySchema("realityCheckSchema") }),
    onSuccess: (check) => {
      queryClient.setQueryData(realityKeys.check, check);
    },
  });
}

/** `PUT /api/protection/reality-check/interval`: how often the check comes. */
export function useSetRealityInterval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SetRealityInterval) =>
      apiFetch<RealityCheck>(API.protectionRealityInterval, {
        method: "PUT",
        body: input,
        schema: lazySchema("realityCheckSchema"),
      }),
    onSuccess: (check) => {
      queryClient.setQueryData(realityKeys.check, check);
    },
  });
}
