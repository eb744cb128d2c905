import {
  API,
  type Fund,
  type FundTransferInput,
  fundSummarySchema,
  fundTransferResponseSchema,
  fundTransfersResponseSchema,
  walletHistoryResponseSchema,
} from "@helio/shared";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../lib/api.ts";
import { balancesKey } from "../../lib/balances.ts";

export const fundKeys = {
  all: ["funds"] as const,
  fund: (fund: Fund) => ["funds", fund] as const,
  summary: (fund: Fund) => ["funds", fund, "summary"] as const,
  history: (fund: Fund, page: number, pageSize: number) => ["funds", fund, "history", { page, pageSize }] as const,
  transfers: (fund: Fund, page: number, pageSize: number) => ["funds", fund, "transfers", { page, pageSize }] as const,
};

/** The fund's balance, the wallet's, and the smallest move. */
export function fundSummaryQuery(fund: Fund) {
  return queryOptions({
    queryKey: fundKeys.summary(fund),
    queryFn: ({ signal }) => apiFetch(API.fund(fund), { schema: fundSummarySchema, signal }),
  });
}

/** The fund's ledger entries, newest first (same entries as the wallet history). */
export function fundHistoryQuery(fund: Fund, page: number, pageSize: number) {
  return queryOptions({
    queryKey: fundKeys.history(fund, page, pageSize),
    queryFn: ({ signal }) =>
      apiFetch(API.fundHistory(fund), { query: { page, pageSize }, schema: walletHistoryResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Past moves from the fund to the wallet. */
export function fundTransfersQuery(fund: Fund, page: number, pageSize: number) {
  return queryOptions({
    queryKey: fundKeys.transfers(fund, page, pageSize),
    queryFn: ({ signal }) =>
      apiFetch(API.fundTransfers(fund), { query: { page, pageSize }, schema: fundTransfersResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

/** `POST /api/funds/:fund/transfers` with the Idempotency-Key the caller keeps until a definite answer. */
export function useFundTransfer(fund: Fund) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, key }: { input: FundTransferInput; key: string }) =>
      apiFetch(API.fundTransfers(fund), {
        method: "POST",
        body: input,
        headers: { "Idempotency-Key": key },
        schema: fundTransferResponseSchema,
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: fundKeys.fund(fund) });
      void queryClient.invalidateQueries({ queryKey: balancesKey });
      void queryClient.invalidateQueries({ queryKey: ["wallet", "history"] });
    },
  });
}
