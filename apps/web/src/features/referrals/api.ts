import { API, referralMembersResponseSchema, referralNetworkSchema } from "@helio/shared";
import { pagedQuery, readQuery } from "../../lib/query.ts";

export const referralKeys = {
  all: ["referrals"] as const,
  network: ["referrals", "network"] as const,
  members: (level: number, page: number, pageSize: number) =>
    ["referrals", "members", { level, page, pageSize }] as const,
};

/** The member's code and the totals per level. */
export const networkQuery = readQuery(referralKeys.network, API.referralNetwork, referralNetworkSchema);

/** Members of one level (name, joined, invested: never an email or a balance). */
export function referralMembersQuery(level: number, page: number, pageSize: number) {
  return pagedQuery(referralKeys.members(level, page, pageSize), API.referralMembers, referralMembersResponseSchema, {
    level,
    page,
    pageSize,
  });
}
