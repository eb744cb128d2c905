import { API, referralMembersResponseSchema, referralNetworkSchema } from "@helio/shared";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { apiFetch } from "../../lib/api.ts";

export const referralKeys = {
  all: ["referrals"] as const,
  network: ["referrals", "network"] as const,
  members: (level: number, page: number, pageSize: number) =>
    ["referrals", "members", { level, page, pageSize }] as const,
};

/** The member's code and the totals per level. */
export const networkQuery = queryOptions({
  queryKey: referralKeys.network,
  queryFn: ({ signal }) => apiFetch(API.referralNetwork, { schema: referralNetworkSchema, signal }),
});

/** Members of one level (name, joined, invested: never an email or a balance). */
export function referralMembersQuery(level: number, page: number, pageSize: number) {
  return queryOptions({
    queryKey: referralKeys.members(level, page, pageSize),
    queryFn: ({ signal }) =>
      apiFetch(API.referralMembers, {
        query: { level, page, pageSize },
        schema: referralMembersResponseSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
