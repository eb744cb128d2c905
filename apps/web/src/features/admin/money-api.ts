import {
  type AdjustmentRequest,
  type AdminSettings,
  API,
  adjustmentRequestSchema,
  adjustmentRequestsResponseSchema,
  adminAdjustPendingSchema,
  adminAdjustResponseSchema,
  type adminAdjustSchema,
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
  type WithdrawalStatus,
  walletHistoryResponseSchema,
} from "@helio/shared";
import { z } from "@helio/shared/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch, idempotentPost } from "../../lib/api.ts";
import { pagedQuery, readQuery, useStoreAnswer } from "../../lib/query.ts";
import type { SchemaSource } from "../../lib/schemas.ts";
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

const QUEUE_READ = { refetchInterval: QUEUE_REFRESH_MS };

export const dashboardQuery = readQuery(moneyKeys.dashboard, API.adminDashboard, adminDashboardSchema, QUEUE_READ);

export type DepositFilter = DepositStatus | "all";
export function depositsQuery(status: DepositFilter, page: number, pageSize: number, uid?: string) {
  const query = { status, page, pageSize, uid };
  return pagedQuery(
    moneyKeys.deposits(status, page, pageSize, uid),
    API.adminDeposits,
    adminDepositsResponseSchema,
    query,
    QUEUE_READ,
  );
}

export type WithdrawalFilter = WithdrawalStatus | "all";
export function withdrawalsQuery(status: WithdrawalFilter, page: number, pageSize: number, uid?: string) {
  const key = moneyKeys.withdrawals(status, page, pageSize, uid);
  const query = { status, page, pageSize, uid };
  return pagedQuery(key, API.adminWithdrawals, adminWithdrawalsResponseSchema, query, QUEUE_READ);
}

export type KycFilter = Exclude<KycStatus, "not_submitted"> | "all";
export function kycQueueQuery(status: KycFilter, page: number, pageSize: number) {
  const query = { status, page, pageSize };
  return pagedQuery(moneyKeys.kyc(status, page, pageSize), API.adminKyc, adminKycResponseSchema, query, QUEUE_READ);
}

export function memberMoneyQuery(uid: string) {
  return readQuery(moneyKeys.member(uid), API.adminMemberMoney(uid), adminMemberMoneySchema);
}

export function memberLedgerQuery(uid: string, page: number, pageSize: number) {
  const query = { page, pageSize };
  return pagedQuery(
    moneyKeys.memberLedger(uid, page, pageSize),
    API.adminMemberLedger(uid),
    walletHistoryResponseSchema,
    query,
  );
}

export const adminSettingsQuery = readQuery(moneyKeys.settings, API.adminSettings, adminSettingsSchema, {
  staleTime: 0,
});

export const ledgerVerifyQuery = readQuery(moneyKeys.ledger, API.adminLedgerVerify, ledgerReportSchema, {
  staleTime: 0,
  gcTime: 0,
});

function useInvalidateMoney() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: moneyKeys.all });
}

/** An admin's decision on a request: approve it, or reject it with the reason the member reads. */
type Decision<Approval = object> = ({ decision: "approve" } & Approval) | { decision: "reject"; reason: string };

/** `POST` a decision to the request's approve or reject address; `approval` is the body of an approval. */
function postDecision<T>(
  input: Decision,
  to: { approve: string; reject: string },
  schema: SchemaSource<T>,
  approval: object = {},
): Promise<T> {
  return input.decision === "approve"
    ? apiFetch(to.approve, { method: "POST", body: approval, schema })
    : apiFetch(to.reject, { method: "POST", body: { reason: input.reason }, schema });
}

export function useDepositDecision() {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: (input: { id: string } & Decision<{ amountReceived?: string }>) =>
      postDecision(
        input,
        { approve: API.adminDepositApprove(input.id), reject: API.adminDepositReject(input.id) },
        adminDepositSchema,
        input.decision === "approve" && input.amountReceived ? { amountReceived: input.amountReceived } : {},
      ),
    onSettled: invalidate,
  });
}

export function useWithdrawalDecision() {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: (input: { id: string } & Decision<{ payoutReference: string }>) =>
      postDecision(
        input,
        { approve: API.adminWithdrawalApprove(input.id), reject: API.adminWithdrawalReject(input.id) },
        adminWithdrawalSchema,
        input.decision === "approve" ? { payoutReference: input.payoutReference } : {},
      ),
    onSettled: invalidate,
  });
}

export function useKycDecision() {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: (input: { uid: string } & Decision) =>
      postDecision(
        input,
        { approve: API.adminKycApprove(input.uid), reject: API.adminKycReject(input.uid) },
        adminKycSchema,
      ),
    onSettled: invalidate,
  });
}

/** An adjustment as the form holds it: signed microcents (bigint; `apiFetch` sends them as a string). */
export type AdjustBody = z.output<typeof adminAdjustSchema>;

export function useAdjustBalance(uid: string) {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: ({ input, key }: { input: AdjustBody; key: string }) =>
      // 200: posted; 202: above the second-approval amount, a request awaiting another approver.
      idempotentPost(
        API.adminMemberAdjust(uid),
        input,
        key,
        z.union([adminAdjustResponseSchema, adminAdjustPendingSchema]),
      ),
    onSettled: invalidate,
  });
}

export function useAdminDemoReset(uid: string) {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: (key: string) => idempotentPost(API.adminMemberDemoReset(uid), {}, key, demoResetResponseSchema),
    onSettled: invalidate,
  });
}

export function useSaveSettings() {
  const storeSettings = useStoreAnswer(() => moneyKeys.settings, publicSettingsKey);
  return useMutation({
    // The revision the edit started from, and amounts as bigints (`apiFetch` sends them as strings).
    mutationFn: (settings: AdminSettings) =>
      apiFetch(API.adminSettings, { method: "PUT", body: settings, schema: adminSettingsSchema }),
    onSuccess: storeSettings,
  });
}

export type AdjustmentFilter = AdjustmentRequest["status"] | "all";

/** Adjustment requests above the second-approval amount (default: those awaiting it, oldest first). */
export function adjustmentsQuery(status: AdjustmentFilter) {
  return readQuery(
    [...moneyKeys.all, "adjustments", status] as const,
    `${API.adminAdjustments}?status=${status}`,
    adjustmentRequestsResponseSchema,
  );
}

export function useAdjustmentDecision() {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: (input: { id: string } & Decision) =>
      postDecision(
        input,
        { approve: API.adminAdjustmentApprove(input.id), reject: API.adminAdjustmentReject(input.id) },
        adjustmentRequestSchema,
      ),
    onSettled: invalidate,
  });
}
