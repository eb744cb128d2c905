import {
  API,
  type CreateDepositInput,
  type CreateWithdrawalInput,
  type DepositInvoice,
  demoResetResponseSchema,
  depositInvoiceSchema,
  depositListResponseSchema,
  type Withdrawal,
  walletHistoryResponseSchema,
  withdrawalListResponseSchema,
  withdrawalRequirementsSchema,
  withdrawalSchema,
} from "@helio/shared";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { z } from "zod";
import { apiFetch } from "../../lib/api.ts";
import { balancesKey, useMemberBalances } from "../../lib/balances.ts";
import { useDisplayCurrency } from "../../lib/settings.ts";
import { uploadFile } from "../../lib/upload.ts";
import { liveSocket } from "../../lib/ws.ts";
import { type HistoryFilters, historyApiQuery } from "./model.ts";

export const walletKeys = {
  all: ["wallet"] as const,
  balances: balancesKey,
  history: (filters: HistoryFilters) => ["wallet", "history", filters] as const,
  deposits: ["wallet", "deposits"] as const,
  depositList: (page: number, pageSize: number) => ["wallet", "deposits", "list", { page, pageSize }] as const,
  deposit: (id: string) => ["wallet", "deposits", "one", id] as const,
  withdrawals: ["wallet", "withdrawals"] as const,
  withdrawalList: (page: number, pageSize: number) => ["wallet", "withdrawals", "list", { page, pageSize }] as const,
  withdrawal: (id: string) => ["wallet", "withdrawals", "one", id] as const,
  requirements: ["wallet", "withdrawals", "requirements"] as const,
};

export interface RealWallet {
  /** Wallet balance in integer USD cents (0 until loaded). */
  cents: number;
  /** Settings multiplier for the member's currency (USD is 1; 1 until the rates load). */
  rate: number;
  isLoading: boolean;
}

/**
 * The real-money wallet alone, with the rate of the member's display currency (what pays for a
 * withdrawal, a Real-mode trade or an investment); live through the `balances` message (see
 * `useMoneyLive`). Every account at once: `useMemberBalances`.
 */
export function useRealWallet(): RealWallet {
  const balances = useMemberBalances();
  const display = useDisplayCurrency();
  return {
    cents: balances.data?.wallet ?? 0,
    rate: display.rate ?? 1,
    isLoading: balances.isPending || display.rate === null,
  };
}

// --- History -------------------------------------------------------------------------------

export function historyQuery(filters: HistoryFilters) {
  return queryOptions({
    queryKey: walletKeys.history(filters),
    queryFn: ({ signal }) =>
      apiFetch(API.walletHistory, { query: historyApiQuery(filters), schema: walletHistoryResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useResetDemo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: string) =>
      apiFetch(API.walletDemoReset, {
        method: "POST",
        body: {},
        headers: { "Idempotency-Key": key },
        schema: demoResetResponseSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletKeys.all }),
  });
}

// --- Deposits ------------------------------------------------------------------------------

/**
 * The deposit minimum, when the server publishes it with the public settings (`depositMinCents`).
 * Until it does, the form checks the format only and the server's field error names the minimum.
 */
const depositRulesSchema = z.object({ depositMinCents: z.number().int().nonnegative().optional() });
export const depositRulesQuery = queryOptions({
  queryKey: ["wallet", "deposit-rules"] as const,
  queryFn: ({ signal }) => apiFetch(API.settings, { schema: depositRulesSchema, signal }),
  staleTime: 60_000,
});

export function depositListQuery(page: number, pageSize: number) {
  return queryOptions({
    queryKey: walletKeys.depositList(page, pageSize),
    queryFn: ({ signal }) =>
      apiFetch(API.deposits, { query: { page, pageSize }, schema: depositListResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

export function depositQuery(id: string) {
  return queryOptions({
    queryKey: walletKeys.deposit(id),
    queryFn: ({ signal }) => apiFetch(API.deposit(id), { schema: depositInvoiceSchema, signal }),
  });
}

export function useCreateDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, key }: { input: CreateDepositInput; key: string }) =>
      apiFetch(API.deposits, {
        method: "POST",
        body: input,
        headers: { "Idempotency-Key": key },
        schema: depositInvoiceSchema,
      }),
    onSuccess: (invoice) => {
      queryClient.setQueryData(walletKeys.deposit(invoice.id), invoice);
      void queryClient.invalidateQueries({ queryKey: walletKeys.deposits });
    },
  });
}

/** `POST /api/deposits/:id/proof` (multipart field `file`) with upload progress. */
export function useUploadProof(id: string, onProgress: (percent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const answer = await uploadFile<unknown>(API.depositProof(id), file, { field: "file", onProgress });
      return depositInvoiceSchema.parse(answer);
    },
    onSuccess: (invoice: DepositInvoice) => {
      queryClient.setQueryData(walletKeys.deposit(id), invoice);
      void queryClient.invalidateQueries({ queryKey: walletKeys.deposits });
    },
  });
}

// --- Withdrawals ---------------------------------------------------------------------------

export const requirementsQuery = queryOptions({
  queryKey: walletKeys.requirements,
  queryFn: ({ signal }) => apiFetch(API.withdrawalRequirements, { schema: withdrawalRequirementsSchema, signal }),
});

export function withdrawalListQuery(page: number, pageSize: number) {
  return queryOptions({
    queryKey: walletKeys.withdrawalList(page, pageSize),
    queryFn: ({ signal }) =>
      apiFetch(API.withdrawals, { query: { page, pageSize }, schema: withdrawalListResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

export function withdrawalQuery(id: string) {
  return queryOptions({
    queryKey: walletKeys.withdrawal(id),
    queryFn: ({ signal }) => apiFetch(API.withdrawal(id), { schema: withdrawalSchema, signal }),
  });
}

export function useCreateWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, key }: { input: CreateWithdrawalInput; key: string }) =>
      apiFetch(API.withdrawals, {
        method: "POST",
        body: input,
        headers: { "Idempotency-Key": key },
        schema: withdrawalSchema,
      }),
    onSuccess: (withdrawal: Withdrawal) => {
      queryClient.setQueryData(walletKeys.withdrawal(withdrawal.id), withdrawal);
      void queryClient.invalidateQueries({ queryKey: walletKeys.withdrawals });
      void queryClient.invalidateQueries({ queryKey: balancesKey });
    },
  });
}

export function useCancelWithdrawal(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(API.withdrawalCancel(id), { method: "POST", body: {}, schema: withdrawalSchema }),
    onSuccess: (withdrawal) => {
      queryClient.setQueryData(walletKeys.withdrawal(id), withdrawal);
      void queryClient.invalidateQueries({ queryKey: walletKeys.withdrawals });
      void queryClient.invalidateQueries({ queryKey: balancesKey });
    },
  });
}

// --- Live ----------------------------------------------------------------------------------

/**
 * On the wallet screens: deposit and withdrawal status changes (and KYC, which the withdrawal
 * form depends on) read the affected records again. A reconnect reads everything again.
 */
export function useWalletLive(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let readyCount = liveSocket.status === "open" ? 1 : 0;
    const offs = [
      liveSocket.subscribe("deposit.updated", (message) => {
        queryClient.setQueryData(walletKeys.deposit(message.id), (old: DepositInvoice | undefined) =>
          old ? { ...old, status: message.status } : old,
        );
        void queryClient.invalidateQueries({ queryKey: walletKeys.deposits });
      }),
      liveSocket.subscribe("withdrawal.updated", (message) => {
        queryClient.setQueryData(walletKeys.withdrawal(message.id), (old: Withdrawal | undefined) =>
          old ? { ...old, status: message.status } : old,
        );
        void queryClient.invalidateQueries({ queryKey: walletKeys.withdrawals });
      }),
      liveSocket.subscribe("kyc.updated", () => {
        void queryClient.invalidateQueries({ queryKey: walletKeys.requirements });
      }),
      liveSocket.subscribe("balances", () => {
        void queryClient.invalidateQueries({ queryKey: ["wallet", "history"] });
      }),
      liveSocket.subscribe("ready", () => {
        readyCount += 1;
        if (readyCount > 1) void queryClient.invalidateQueries({ queryKey: walletKeys.all });
      }),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [queryClient]);
}
