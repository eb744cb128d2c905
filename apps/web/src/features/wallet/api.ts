import type { CreateDepositInput, CreateWithdrawalInput, DepositInvoice, Withdrawal } from "@helio/shared";
import { API } from "@helio/shared/paths";
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch, idempotentPost } from "../../lib/api.ts";
import { balancesKey, useMemberBalances } from "../../lib/balances.ts";
import { type LiveMessages, useLiveUpdates } from "../../lib/live-updates.ts";
import { pagedQuery, readQuery, useStoreAnswer } from "../../lib/query.ts";
import { lazySchema } from "../../lib/schemas.ts";
import { useDisplayCurrency } from "../../lib/settings.ts";
import { uploadFile } from "../../lib/upload.ts";
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
  /** Wallet balance in microcents (0 until loaded). */
  microcents: bigint;
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
    microcents: balances.data?.wallet ?? 0n,
    rate: display.rate ?? 1,
    isLoading: balances.isPending || display.rate === null,
  };
}

// --- History -------------------------------------------------------------------------------

export function historyQuery(filters: HistoryFilters) {
  return pagedQuery(
    walletKeys.history(filters),
    API.walletHistory,
    lazySchema("walletHistoryResponseSchema"),
    historyApiQuery(filters),
  );
}

export function useResetDemo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => idempotentPost(API.walletDemoReset, {}, key, lazySchema("demoResetResponseSchema")),
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletKeys.all }),
  });
}

// --- Deposits ------------------------------------------------------------------------------

export function depositListQuery(page: number, pageSize: number) {
  return pagedQuery(walletKeys.depositList(page, pageSize), API.deposits, lazySchema("depositListResponseSchema"), {
    page,
    pageSize,
  });
}

export function depositQuery(id: string) {
  return readQuery(walletKeys.deposit(id), API.deposit(id), lazySchema("depositInvoiceSchema"));
}

/** After a deposit changed (created, proof sent): the invoice as the server sent it, the lists read again. */
function useStoreDeposit() {
  return useStoreAnswer((invoice: DepositInvoice) => walletKeys.deposit(invoice.id), walletKeys.deposits);
}

export function useCreateDeposit() {
  const storeDeposit = useStoreDeposit();
  return useMutation({
    mutationFn: ({ input, key }: { input: CreateDepositInput; key: string }) =>
      idempotentPost(API.deposits, input, key, lazySchema("depositInvoiceSchema")),
    onSuccess: storeDeposit,
  });
}

/** `POST /api/deposits/:id/proof` (multipart field `file`) with upload progress. */
export function useUploadProof(id: string, onProgress: (percent: number) => void) {
  const storeDeposit = useStoreDeposit();
  return useMutation({
    mutationFn: async (file: File) => {
      const answer = await uploadFile<unknown>(API.depositProof(id), file, { field: "file", onProgress });
      return (await lazySchema("depositInvoiceSchema")()).parse(answer);
    },
    onSuccess: storeDeposit,
  });
}

// --- Withdrawals ---------------------------------------------------------------------------

export const requirementsQuery = readQuery(
  walletKeys.requirements,
  API.withdrawalRequirements,
  lazySchema("withdrawalRequirementsSchema"),
);

export function withdrawalListQuery(page: number, pageSize: number) {
  return pagedQuery(
    walletKeys.withdrawalList(page, pageSize),
    API.withdrawals,
    lazySchema("withdrawalListResponseSchema"),
    {
      page,
      pageSize,
    },
  );
}

export function withdrawalQuery(id: string) {
  return readQuery(walletKeys.withdrawal(id), API.withdrawal(id), lazySchema("withdrawalSchema"));
}

/**
 * After a withdrawal changed (requested, cancelled): the record as the server sent it, and the lists
 * and balances (its amount is held, or released) read again.
 */
function useStoreWithdrawal() {
  return useStoreAnswer(
    (withdrawal: Withdrawal) => walletKeys.withdrawal(withdrawal.id),
    walletKeys.withdrawals,
    balancesKey,
  );
}

export function useCreateWithdrawal() {
  const storeWithdrawal = useStoreWithdrawal();
  return useMutation({
    mutationFn: ({ input, key }: { input: CreateWithdrawalInput; key: string }) =>
      idempotentPost(API.withdrawals, input, key, lazySchema("withdrawalSchema")),
    onSuccess: storeWithdrawal,
  });
}

export function useCancelWithdrawal(id: string) {
  const storeWithdrawal = useStoreWithdrawal();
  return useMutation({
    mutationFn: () =>
      apiFetch(API.withdrawalCancel(id), { method: "POST", body: {}, schema: lazySchema("withdrawalSchema") }),
    onSuccess: storeWithdrawal,
  });
}

// --- Live ----------------------------------------------------------------------------------

/** The messages the wallet screens follow (see `useWalletLive`). */
function subscribeWallet(queryClient: QueryClient, live: LiveMessages) {
  return [
    live.subscribe("deposit.updated", (message) => {
      queryClient.setQueryData(walletKeys.deposit(message.id), (old: DepositInvoice | undefined) =>
        old ? { ...old, status: message.status } : old,
      );
      void queryClient.invalidateQueries({ queryKey: walletKeys.deposits });
    }),
    live.subscribe("withdrawal.updated", (message) => {
      queryClient.setQueryData(walletKeys.withdrawal(message.id), (old: Withdrawal | undefined) =>
        old ? { ...old, status: message.status } : old,
      );
      void queryClient.invalidateQueries({ queryKey: walletKeys.withdrawals });
    }),
    live.subscribe("kyc.updated", () => {
      void queryClient.invalidateQueries({ queryKey: walletKeys.requirements });
    }),
    live.subscribe("balances", () => {
      void queryClient.invalidateQueries({ queryKey: ["wallet", "history"] });
    }),
  ];
}

/**
 * On the wallet screens: deposit and withdrawal status changes (and KYC, which the withdrawal
 * form depends on) read the affected records again. A reconnect reads everything again.
 */
export function useWalletLive(): void {
  useLiveUpdates(subscribeWallet, walletKeys.all);
}
