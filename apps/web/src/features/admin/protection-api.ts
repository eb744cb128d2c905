import { API, adminMemberProtectionSchema } from "@helio/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../lib/api.ts";
import { readQuery } from "../../lib/query.ts";
import { adminKeys } from "./api.ts";

const protectionKey = (uid: string) => [...adminKeys.member(uid), "protection"] as const;

/** A member's own limits, the break in force and every past one. */
export const memberProtectionQuery = (uid: string) =>
  readQuery(protectionKey(uid), API.adminMemberProtection(uid), adminMemberProtectionSchema);

/** Ends the member's break early, with the reason the admin wrote (audited on the server). */
export function useLiftBreak(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => apiFetch(API.adminMemberBreakLift(uid), { method: "POST", body: { reason } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
