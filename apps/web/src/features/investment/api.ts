import {
  API,
  type BuyInvestmentInput,
  buyInvestmentResponseSchema,
  type InvestmentInvoice,
  type InvestmentStatus,
  investmentInvoiceSchema,
  investmentListResponseSchema,
  investmentPackageSchema,
  investmentPackagesResponseSchema,
} from "@helio/shared";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { apiFetch } from "../../lib/api.ts";
import { balancesKey } from "../../lib/balances.ts";
import { liveSocket } from "../../lib/ws.ts";

export const investmentKeys = {
  all: ["investments"] as const,
  packages: ["investments", "packages"] as const,
  package: (slug: string) => ["investments", "packages", slug] as const,
  mine: ["investments", "mine"] as const,
  list: (page: number, pageSize: number, status?: InvestmentStatus) =>
    ["investments", "mine", "list", { page, pageSize, status }] as const,
  invoice: (id: string) => ["investments", "mine", "one", id] as const,
};

/** The active packages, in display order. */
export const packagesQuery = queryOptions({
  queryKey: investmentKeys.packages,
  queryFn: ({ signal }) => apiFetch(API.packages, { schema: investmentPackagesResponseSchema, signal }),
  staleTime: 30_000,
});

/** One active package (unknown or inactive: 404, the not-found page). */
export function packageQuery(slug: string) {
  return queryOptions({
    queryKey: investmentKeys.package(slug),
    queryFn: ({ signal }) => apiFetch(API.package(slug), { schema: investmentPackageSchema, signal }),
    retry: false,
  });
}

export function myInvestmentsQuery(page: number, pageSize: number, status?: InvestmentStatus) {
  return queryOptions({
    queryKey: investmentKeys.list(page, pageSize, status),
    queryFn: ({ signal }) =>
      apiFetch(API.investments, {
        query: { page, pageSize, status },
        schema: investmentListResponseSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The invoice of one of the member's investments (another member's: 404). */
export function invoiceQuery(id: string) {
  return queryOptions({
    queryKey: investmentKeys.invoice(id),
    queryFn: ({ signal }) => apiFetch(API.investment(id), { schema: investmentInvoiceSchema, signal }),
    retry: false,
  });
}

/** `POST /api/investments` with the Idempotency-Key the caller keeps until a definite answer. */
export function useBuyInvestment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, key }: { input: BuyInvestmentInput; key: string }) =>
      apiFetch(API.investments, {
        method: "POST",
        body: input,
        headers: { "Idempotency-Key": key },
        schema: buyInvestmentResponseSchema,
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: investmentKeys.mine });
      void queryClient.invalidateQueries({ queryKey: balancesKey });
      void queryClient.invalidateQueries({ queryKey: ["funds"] });
      void queryClient.invalidateQueries({ queryKey: ["wallet", "history"] });
    },
  });
}

/**
 * While the shell is open: an `investment.accrued` message patches the cached invoice and reads
 * the lists and the funds again; a reconnect reads them again too (messages may have been missed).
 */
export function useInvestmentLive(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let readyCount = liveSocket.status === "open" ? 1 : 0;
    const offs = [
      liveSocket.subscribe("investment.accrued", (message) => {
        queryClient.setQueryData(investmentKeys.invoice(message.investmentId), (old: InvestmentInvoice | undefined) =>
          old
            ? {
                ...old,
                periodsPaid: message.periodsPaid,
                profitPaidCents: message.profitPaidCents,
                status: message.status,
                nextAccrualAt: message.nextAccrualAt,
              }
            : old,
        );
        void queryClient.invalidateQueries({ queryKey: investmentKeys.mine });
        void queryClient.invalidateQueries({ queryKey: ["funds"] });
        void queryClient.invalidateQueries({ queryKey: ["wallet", "history"] });
        void queryClient.invalidateQueries({ queryKey: balancesKey });
      }),
      liveSocket.subscribe("ready", () => {
        readyCount += 1;
        if (readyCount > 1) void queryClient.invalidateQueries({ queryKey: investmentKeys.mine });
      }),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [queryClient]);
}
