import { API, type StaffAccess, type StaffRole, staffMay, staffMeSchema } from "@helio/shared";
import { createContext, type ReactNode, useContext } from "react";
import { readQuery } from "./query.ts";

/** `GET /api/admin/staff/me`: the signed-in staff member's roles (what the back office shows them). */
export const staffMeQuery = readQuery(["admin", "staff", "me"] as const, API.adminStaffMe, staffMeSchema, {
  staleTime: 60_000,
  retry: false,
});

const StaffRolesContext = createContext<readonly StaffRole[]>([]);

export function StaffRolesProvider({ roles, children }: { roles: readonly StaffRole[]; children: ReactNode }) {
  return <StaffRolesContext.Provider value={roles}>{children}</StaffRolesContext.Provider>;
}

/** The back-office roles of the signed-in staff member (none outside the back office). */
export function useStaffRoles(): readonly StaffRole[] {
  return useContext(StaffRolesContext);
}

/**
 * Whether the signed-in staff member may do `access` (`STAFF_ACCESS` of packages/shared, the same
 * table the server's routes declare): pages and actions outside their roles are not shown.
 */
export function useStaffMay(access: StaffAccess): boolean {
  return staffMay(useStaffRoles(), access);
}
