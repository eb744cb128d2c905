import {
  type AdminPackage,
  API,
  adminInvestmentsResponseSchema,
  adminMemberNetworkSchema,
  adminPackageSchema,
  adminPackagesResponseSchema,
  type InvestmentStatus,
  type PackageInput,
} from "@helio/shared";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../lib/api.ts";

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

export const adminPackagesQuery = queryOptions({
  queryKey: investmentAdminKeys.packages,
  queryFn: ({ signal }) => apiFetch(API.adminPackages, { schema: adminPackagesResponseSchema, signal }),
});

export function adminInvestmentsQuery(filters: AdminInvestmentFilters) {
  return queryOptions({
    queryKey: investmentAdminKeys.list(filters),
    queryFn: ({ signal }) =>
      apiFetch(API.adminInvestments, {
        query: { ...filters },
        schema: adminInvestmentsResponseSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** A member's upline, downline counts and commissions. */
export function memberNetworkQuery(uid: string) {
  return queryOptions({
    queryKey: investmentAdminKeys.network(uid),
    queryFn: ({ signal }) => apiFetch(API.adminMemberNetwork(uid), { schema: adminMemberNetworkSchema, signal }),
  });
}

/** Creates (no id) or replaces (id) a package; the server audits every change. */
export function useSavePackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: PackageInput }) =>
      apiFetch(id ? API.adminPackage(id) : API.adminPackages, {
        method: id ? "PUT" : "POST",
        body: input,
        schema: adminPackageSchema,
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: investmentAdminKeys.packages });
      void queryClient.invalidateQueries({ queryKey: ["investments", "packages"] });
    },
  });
}

/** The whole package as the PUT body, from what the back office holds. */
export function packageToInput(p: AdminPackage): PackageInput {
  return {
    name: p.name,
    slug: p.slug,
    description: p.description,
    minCents: p.minCents,
    maxCents: p.maxCents,
    dailyRateBps: p.dailyRateBps,
    durationPeriods: p.durationPeriods,
    capitalReturn: p.capitalReturn,
    sortOrder: p.sortOrder,
    active: p.active,
  };
}
