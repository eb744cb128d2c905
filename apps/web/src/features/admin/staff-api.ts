import { API, type StaffInviteInput, type StaffRole, staffListSchema, staffMemberSchema } from "@helio/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../lib/api.ts";
import { readQuery } from "../../lib/query.ts";

export const staffKeys = { list: ["admin", "staff", "list"] as const };

export const staffListQuery = readQuery(staffKeys.list, API.adminStaff, staffListSchema);

function useStaffChange<Input, Output>(send: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    // The audit log and one's own roles may have changed too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["admin"] }),
  });
}

export function useInviteStaff() {
  return useStaffChange((input: StaffInviteInput) =>
    apiFetch(API.adminStaffInvitations, { method: "POST", body: input, schema: staffMemberSchema }),
  );
}

export function useSetStaffRoles() {
  return useStaffChange(({ uid, roles }: { uid: string; roles: StaffRole[] }) =>
    apiFetch(API.adminStaffRoles(uid), { method: "PUT", body: { roles }, schema: staffMemberSchema }),
  );
}

export function useSetStaffDisabled() {
  return useStaffChange(({ uid, disabled }: { uid: string; disabled: boolean }) =>
    apiFetch(API.adminStaffStatus(uid), { method: "PUT", body: { disabled }, schema: staffMemberSchema }),
  );
}
