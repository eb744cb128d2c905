import {
  type AdminPackage,
  API,
  adminInvestmentsResponseSchema,
  adminMemberNetworkSchema,
  adminPackageSchema,
  adminPackagesResponseSchema,
  type InvestmentStatus,
  type packageInputSchema,
} from "@helio/shared";
import type { z } from "@helio/shared/zod";
import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "../../lib/api.ts";
import { pagedQuery, readQuery, useRefresh } from "../../lib/query.ts";

export const investmentAdminKeys = {
  all: ["admin", "investments"] as const,
  packages: ["admin", "investments", "packages"] as const,
  list: (filters: AdminInvestmentFilters) => ["admin", "investments", "list", filters] as const,
  network: (uid: string) => ["admin", "investments", "network", uid] as const,
};

export interface AdminInvestmentFilters {
  packageId?: string;
  status?: InvestmentStatus;
  uid?: string;
  page: number;
  pageSize: number;
}

export const adminPackagesQuery = readQuery(
  investmentAdminKeys.packages,
  API.adminPackages,
  adminPackagesResponseSchema,
);

export function adminInvestmentsQuery(filters: AdminInvestmentFilters) {
  return pagedQuery(investmentAdminKeys.list(filters), API.adminInvestments, adminInvestmentsResponseSchema, {
    ...filters,
  });
}

/** A member's upline, downline counts and commissions. */
export function memberNetworkQuery(uid: string) {
  return readQuery(investmentAdminKeys.network(uid), API.adminMemberNetwork(uid), adminMemberNetworkSchema);
}

/** A package as saved, as the back office holds it: amounts in microcents (bigint; `apiFetch` sends them as strings). */
export type PackageBody = z.output<typeof packageInputSchema>;

/** Creates (no id) or replaces (id) a package; the server audits every change. */
export function useSavePackage() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: PackageBody }) =>
      apiFetch(id ? API.adminPackage(id) : API.adminPackages, {
        method: id ? "PUT" : "POST",
        body: input,
        schema: adminPackageSchema,
      }),
    onSuccess: () => refresh(investmentAdminKeys.packages, ["investments", "packages"]),
  });
}

/** The whole package as the PUT body, from what the back office holds. */
export function packageToInput(p: AdminPackage): PackageBody {
  return {
    name: p.name,
    slug: p.slug,
    description: p.description,
    minMicrocents: p.minMicrocents,
    maxMicrocents: p.maxMicrocents,
    dailyRateBps: p.dailyRateBps,
    durationPeriods: p.durationPeriods,
    capitalReturn: p.capitalReturn,
    sortOrder: p.sortOrder,
    active: p.active,
  };
}
