import {
  API,
  type Fund,
  type FundTransferInput,
  fundSummarySchema,
  fundTransferResponseSchema,
  fundTransfersResponseSchema,
  walletHistoryResponseSchema,
} from "@helio/shared";
import { useMutation } from "@tanstack/react-query";
import { idempotentPost } from "../../lib/api.ts";
import { balancesKey } from "../../lib/balances.ts";
import { pagedQuery, readQuery, useRefresh } from "../../lib/query.ts";

export const fundKeys = {
  all: ["funds"] as const,
  fund: (fund: Fund) => ["funds", fund] as const,
  summary: (fund: Fund) => ["funds", fund, "summary"] as const,
  history: (fund: Fund, page: number, pageSize: number) => ["funds", fund, "history", { page, pageSize }] as const,
  transfers: (fund: Fund, page: number, pageSize: number) => ["funds", fund, "transfers", { page, pageSize }] as const,
};

/** The fund's balance, the wallet's, and the smallest move. */
export function fundSummaryQuery(fund: Fund) {
  return readQuery(fundKeys.summary(fund), API.fund(fund), fundSummarySchema);
}

/** The fund's ledger entries, newest first (same entries as the wallet history). */
export function fundHistoryQuery(fund: Fund, page: number, pageSize: number) {
  return pagedQuery(fundKeys.history(fund, page, pageSize), API.fundHistory(fund), walletHistoryResponseSchema, {
    page,
    pageSize,
  });
}

/** Past moves from the fund to the wallet. */
export function fundTransfersQuery(fund: Fund, page: number, pageSize: number) {
  return pagedQuery(fundKeys.transfers(fund, page, pageSize), API.fundTransfers(fund), fundTransfersResponseSchema, {
    page,
    pageSize,
  });
}

/** `POST /api/funds/:fund/transfers` with the Idempotency-Key the caller keeps until a definite answer. */
export function useFundTransfer(fund: Fund) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ input, key }: { input: FundTransferInput; key: string }) =>
      idempotentPost(API.fundTransfers(fund), input, key, fundTransferResponseSchema),
    onSuccess: () => refresh(fundKeys.fund(fund), balancesKey, ["wallet", "history"]),
  });
}
