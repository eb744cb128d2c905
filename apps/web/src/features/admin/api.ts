import {
  API,
  adminFreezeSchema,
  adminMemberDetailSchema,
  adminMembersResponseSchema,
  auditResponseSchema,
  impersonationTokenResponseSchema,
  twoFactorResetRequestedSchema,
} from "@helio/shared";
import type { z } from "@helio/shared/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../lib/api.ts";
import { pagedQuery, readQuery } from "../../lib/query.ts";

export type AdminMemberDetail = z.infer<typeof adminMemberDetailSchema>;
export type AuditEntry = z.infer<typeof auditResponseSchema>["items"][number];
export type StatusAction = "block" | "unblock" | "ban" | "unban";

export const adminKeys = {
  all: ["admin"] as const,
  members: (search: string, page: number, pageSize: number) =>
    ["admin", "members", { search, page, pageSize }] as const,
  member: (uid: string) => ["admin", "member", uid] as const,
  audit: (page: number, pageSize: number, targetUserId?: string) =>
    ["admin", "audit", { page, pageSize, targetUserId: targetUserId ?? null }] as const,
};

export function membersQuery(search: string, page: number, pageSize: number) {
  return pagedQuery(adminKeys.members(search, page, pageSize), API.adminMembers, adminMembersResponseSchema, {
    search: search || undefined,
    page,
    pageSize,
  });
}

export function memberQuery(uid: string) {
  return readQuery(adminKeys.member(uid), API.adminMember(uid), adminMemberDetailSchema);
}

/** Whether the member froze money out from a security e-mail ("it was not me"). */
export function freezeQuery(uid: string) {
  return readQuery(["admin", "freeze", uid] as const, API.adminMemberFreeze(uid), adminFreezeSchema);
}

/** Lifts the member's freeze (after speaking with them); audited. */
export function useLiftFreeze(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(API.adminMemberFreeze(uid), { method: "DELETE", schema: adminFreezeSchema }),
    onSuccess: (data) => {
      queryClient.setQueryData(["admin", "freeze", uid], data);
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}

export function auditQuery(page: number, pageSize: number, targetUserId?: string) {
  return pagedQuery(adminKeys.audit(page, pageSize, targetUserId), API.adminAudit, auditResponseSchema, {
    page,
    pageSize,
    targetUserId,
  });
}

function useInvalidateAdmin() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminKeys.all });
}

export function useSetMemberStatus(uid: string) {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (input: { action: StatusAction; reason?: string | undefined }) =>
      apiFetch(API.adminMemberStatus(uid), { method: "POST", body: input }),
    onSettled: invalidate,
  });
}

export function useSetTradingMode(uid: string) {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (userTrading: boolean) =>
      apiFetch(API.adminMemberTrading(uid), { method: "PUT", body: { userTrading } }),
    onSettled: invalidate,
  });
}

export function useSetTradingLock(uid: string) {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (locked: boolean) => apiFetch(API.adminMemberTradingLock(uid), { method: "PUT", body: { locked } }),
    onSettled: invalidate,
  });
}

export function useImpersonate(uid: string) {
  return useMutation({
    mutationFn: () =>
      apiFetch(API.adminMemberImpersonate(uid), { method: "POST", body: {}, schema: impersonationTokenResponseSchema }),
  });
}

/** Compliance asks to reset a member's two-factor; the member confirms by mail. */
export function useTwoFactorReset(uid: string) {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: () =>
      apiFetch(API.adminMemberTwoFactorReset(uid), { method: "POST", body: {}, schema: twoFactorResetRequestedSchema }),
    onSettled: invalidate,
  });
}

export function statusOf(member: {
  userBlock: boolean;
  userStatus: string;
}): "Active" | "Blocked" | "Banned" | "Closed" {
  if (member.userStatus === "closed") return "Closed";
  if (member.userStatus === "banned") return "Banned";
  if (member.userBlock) return "Blocked";
  return "Active";
}
