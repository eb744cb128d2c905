import {
  type AdminAdjustInput,
  API,
  adminAdjustResponseSchema,
  adminDashboardSchema,
  adminDepositSchema,
  adminDepositsResponseSchema,
  adminKycResponseSchema,
  adminKycSchema,
  adminMemberMoneySchema,
  adminSettingsSchema,
  adminWithdrawalSchema,
  adminWithdrawalsResponseSchema,
  type DepositStatus,
  demoResetResponseSchema,
  type KycStatus,
  ledgerReportSchema,
  type SettingsUpdate,
  type WithdrawalStatus,
  walletHistoryResponseSchema,
} from "@helio/shared";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../lib/api.ts";
import { publicSettingsKey } from "../../lib/settings.ts";

export const moneyKeys = {
  all: ["admin", "money"] as const,
  dashboard: ["admin", "money", "dashboard"] as const,
  deposits: (status: string, page: number, pageSize: number, uid?: string) =>
    ["admin", "money", "deposits", { status, page, pageSize, uid: uid ?? null }] as const,
  withdrawals: (status: string, page: number, pageSize: number, uid?: string) =>
    ["admin", "money", "withdrawals", { status, page, pageSize, uid: uid ?? null }] as const,
  kyc: (status: string, page: number, pageSize: number) =>
    ["admin", "money", "kyc", { status, page, pageSize }] as const,
  member: (uid: string) => ["admin", "money", "member", uid] as const,
  memberLedger: (uid: string, page: number, pageSize: number) =>
    ["admin", "money", "member", uid, "ledger", { page, pageSize }] as const,
  settings: ["admin", "money", "settings"] as const,
  ledger: ["admin", "money", "ledger-verify"] as const,
};

/** Queues have no live feed for admins: they are read again every so often and after each decision. */
const QUEUE_REFRESH_MS = 15_000;

export const dashboardQuery = queryOptions({
  queryKey: moneyKeys.dashboard,
  queryFn: ({ signal }) => apiFetch(API.adminDashboard, { schema: adminDashboardSchema, signal }),
  refetchInterval: QUEUE_REFRESH_MS,
});

export type DepositFilter = DepositStatus | "all";
export function depositsQuery(status: DepositFilter, page: number, pageSize: number, uid?: string) {
  return queryOptions({
    queryKey: moneyKeys.deposits(status, page, pageSize, uid),
    queryFn: ({ signal }) =>
      apiFetch(API.adminDeposits, {
        query: { status, page, pageSize, uid },
        schema: adminDepositsResponseSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: QUEUE_REFRESH_MS,
  });
}

export type WithdrawalFilter = WithdrawalStatus | "all";
export function withdrawalsQuery(status: WithdrawalFilter, page: number, pageSize: number, uid?: string) {
  return queryOptions({
    queryKey: moneyKeys.withdrawals(status, page, pageSize, uid),
    queryFn: ({ signal }) =>
      apiFetch(API.adminWithdrawals, {
        query: { status, page, pageSize, uid },
        schema: adminWithdrawalsResponseSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: QUEUE_REFRESH_MS,
  });
}

export type KycFilter = Exclude<KycStatus, "not_submitted"> | "all";
export function kycQueueQuery(status: KycFilter, page: number, pageSize: number) {
  return queryOptions({
    queryKey: moneyKeys.kyc(status, page, pageSize),
    queryFn: ({ signal }) =>
      apiFetch(API.adminKyc, { query: { status, page, pageSize }, schema: adminKycResponseSchema, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: QUEUE_REFRESH_MS,
  });
}

export function memberMoneyQuery(uid: string) {
  return queryOptions({
    queryKey: moneyKeys.member(uid),
    queryFn: ({ signal }) => apiFetch(API.adminMemberMoney(uid), { schema: adminMemberMoneySchema, signal }),
  });
}

export function memberLedgerQuery(uid: string, page: number, pageSize: number) {
  return queryOptions({
    queryKey: moneyKeys.memberLedger(uid, page, pageSize),
    queryFn: ({ signal }) =>
      apiFetch(API.adminMemberLedger(uid), { query: { page, pageSize }, schema: walletHistoryResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

export const adminSettingsQuery = queryOptions({
  queryKey: moneyKeys.settings,
  queryFn: ({ signal }) => apiFetch(API.adminSettings, { schema: adminSettingsSchema, signal }),
  staleTime: 0,
});

export const ledgerVerifyQuery = queryOptions({
  queryKey: moneyKeys.ledger,
  queryFn: ({ signal }) => apiFetch(API.adminLedgerVerify, { schema: ledgerReportSchema, signal }),
  staleTime: 0,
  gcTime: 0,
});

function useInvalidateMoney() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: moneyKeys.all });
}

export function useDepositDecision() {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: (input: { id: string } & ({ decision: "approve" } | { decision: "reject"; reason: string })) =>
      input.decision === "approve"
        ? apiFetch(API.adminDepositApprove(input.id), { method: "POST", body: {}, schema: adminDepositSchema })
        : apiFetch(API.adminDepositReject(input.id), {
            method: "POST",
            body: { reason: input.reason },
            schema: adminDepositSchema,
          }),
    onSettled: invalidate,
  });
}

export function useWithdrawalDecision() {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: (
      input: { id: string } & (
        | { decision: "approve"; payoutReference: string }
        | { decision: "reject"; reason: string }
      ),
    ) =>
      input.decision === "approve"
        ? apiFetch(API.adminWithdrawalApprove(input.id), {
            method: "POST",
            body: { payoutReference: input.payoutReference },
            schema: adminWithdrawalSchema,
          })
        : apiFetch(API.adminWithdrawalReject(input.id), {
            method: "POST",
            body: { reason: input.reason },
            schema: adminWithdrawalSchema,
          }),
    onSettled: invalidate,
  });
}

export function useKycDecision() {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: (input: { uid: string } & ({ decision: "approve" } | { decision: "reject"; reason: string })) =>
      input.decision === "approve"
        ? apiFetch(API.adminKycApprove(input.uid), { method: "POST", body: {}, schema: adminKycSchema })
        : apiFetch(API.adminKycReject(input.uid), {
            method: "POST",
            body: { reason: input.reason },
            schema: adminKycSchema,
          }),
    onSettled: invalidate,
  });
}

export function useAdjustBalance(uid: string) {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: ({ input, key }: { input: AdminAdjustInput; key: string }) =>
      apiFetch(API.adminMemberAdjust(uid), {
        method: "POST",
        body: input,
        headers: { "Idempotency-Key": key },
        schema: adminAdjustResponseSchema,
      }),
    onSettled: invalidate,
  });
}

export function useAdminDemoReset(uid: string) {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: (key: string) =>
      apiFetch(API.adminMemberDemoReset(uid), {
        method: "POST",
        body: {},
        headers: { "Idempotency-Key": key },
        schema: demoResetResponseSchema,
      }),
    onSettled: invalidate,
  });
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: SettingsUpdate) =>
      apiFetch(API.adminSettings, { method: "PUT", body: settings, schema: adminSettingsSchema }),
    onSuccess: (saved) => {
      queryClient.setQueryData(moneyKeys.settings, saved);
      void queryClient.invalidateQueries({ queryKey: publicSettingsKey });
    },
  });
}
