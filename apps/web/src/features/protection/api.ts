import type { BreakStatus, MemberLimits, SetMemberLimit, TakeBreak } from "@helio/shared";
import { API } from "@helio/shared/paths";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../lib/api.ts";
import { readQuery } from "../../lib/query.ts";
import { lazySchema } from "../../lib/schemas.ts";

export const limitsQueryKey = ["protection", "limits"] as const;

/** The member's own limits with what is used of each; read again every minute, as stakes come and go. */
export const limitsQuery = readQuery(limitsQueryKey, API.protectionLimits, lazySchema("memberLimitsSchema"), {
  refetchInterval: 60_000,
});

/** `PUT /api/protection/limits`: one limit set or removed; the answer is every limit as it now stands. */
export function useSetLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SetMemberLimit) =>
      apiFetch<MemberLimits>(API.protectionLimits, {
        method: "PUT",
        body: input,
        schema: lazySchema("memberLimitsSchema"),
      }),
    onSuccess: (limits) => {
      queryClient.setQueryData(limitsQueryKey, limits);
    },
  });
}

export const breakQueryKey = ["protection", "break"] as const;

/** The member's timeout or self-exclusion in force, if any. */
export const breakQuery = readQuery(breakQueryKey, API.protectionBreak, lazySchema("breakStatusSchema"), {
  staleTime: 60_000,
});

/** `POST /api/protection/break`: a timeout or self-exclusion, confirmed with the password. */
export function useTakeBreak() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TakeBreak) =>
      apiFetch<BreakStatus>(API.protectionBreak, {
        method: "POST",
        body: input,
        schema: lazySchema("breakStatusSchema"),
      }),
    onSuccess: (status) => {
      queryClient.setQueryData(breakQueryKey, status);
    },
  });
}
