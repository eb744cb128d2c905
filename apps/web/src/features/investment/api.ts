import type { BuyInvestmentInput, InvestmentInvoice, InvestmentStatus } from "@helio/shared";
import { API } from "@helio/shared/paths";
import { type QueryClient, useMutation } from "@tanstack/react-query";
import { idempotentPost } from "../../lib/api.ts";
import { balancesKey } from "../../lib/balances.ts";
import { type LiveMessages, useLiveUpdates } from "../../lib/live-updates.ts";
import { pagedQuery, readQuery, useRefresh } from "../../lib/query.ts";
import { lazySchema } from "../../lib/schemas.ts";

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
export const packagesQuery = readQuery(
  investmentKeys.packages,
  API.packages,
  lazySchema("investmentPackagesResponseSchema"),
  {
    staleTime: 30_000,
  },
);

/** One active package (unknown or inactive: 404, the not-found page). */
export function packageQuery(slug: string) {
  return readQuery(investmentKeys.package(slug), API.package(slug), lazySchema("investmentPackageSchema"), {
    retry: false,
  });
}

export function myInvestmentsQuery(page: number, pageSize: number, status?: InvestmentStatus) {
  return pagedQuery(
    investmentKeys.list(page, pageSize, status),
    API.investments,
    lazySchema("investmentListResponseSchema"),
    {
      page,
      pageSize,
      status,
    },
  );
}

/** The invoice of one of the member's investments (another member's: 404). */
export function invoiceQuery(id: string) {
  return readQuery(investmentKeys.invoice(id), API.investment(id), lazySchema("investmentInvoiceSchema"), {
    retry: false,
  });
}

/** `POST /api/investments` with the Idempotency-Key the caller keeps until a definite answer. */
export function useBuyInvestment() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ input, key }: { input: BuyInvestmentInput; key: string }) =>
      idempotentPost(API.investments, input, key, lazySchema("buyInvestmentResponseSchema")),
    onSuccess: () => refresh(investmentKeys.mine, balancesKey, ["funds"], ["wallet", "history"]),
  });
}

/** An `investment.accrued` message: the cached invoice patched, the lists, funds and balances read again. */
function subscribeAccruals(queryClient: QueryClient, live: LiveMessages) {
  return [
    live.subscribe("investment.accrued", (message) => {
      queryClient.setQueryData(investmentKeys.invoice(message.investmentId), (old: InvestmentInvoice | undefined) =>
        old
          ? {
              ...old,
              periodsPaid: message.periodsPaid,
              profitPaidMicrocents: message.profitPaidMicrocents,
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
  ];
}

/**
 * While the shell is open: an `investment.accrued` message patches the cached invoice and reads
 * the lists and the funds again; a reconnect reads them again too (messages may have been missed).
 */
export function useInvestmentLive(): void {
  useLiveUpdates(subscribeAccruals, investmentKeys.mine);
}
