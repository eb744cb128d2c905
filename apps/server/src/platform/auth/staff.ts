import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from "@helio/shared";
import { eq, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Executor } from "../../db/client.ts";
import { AppError } from "../http/errors.ts";
import type { Auth } from "./auth.ts";
import { requireAdmin } from "./session.ts";
import { staff } from "./staff-tables.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The roles of the signed-in staff member, set by `requireStaff`. */
    staffRoles?: StaffRole[];
  }
}

export type StaffStanding = { roles: StaffRole[]; disabled: boolean };

const knownRoles = (roles: readonly string[]): StaffRole[] => STAFF_ROLES.filter((role) => roles.includes(role));

/** A staff account's roles and whether it is disabled; null for an account that is no staff. */
export async function readStaffStanding(db: Executor, userId: string): Promise<StaffStanding | null> {
  const [row] = await db
    .select({ roles: staff.roles, disabledAt: staff.disabledAt })
    .from(staff)
    .where(eq(staff.userId, userId));
  return row ? { roles: knownRoles(row.roles), disabled: row.disabledAt !== null } : null;
}

/** Makes `userId` an active owner (the environment's admin always is), keeping the roles it held. */
export async function ensureOwner(db: Executor, userId: string): Promise<void> {
  await db
    .insert(staff)
    .values({ userId, roles: ["owner"] })
    .onConflictDoUpdate({
      target: staff.userId,
      set: {
        roles: sql`case when 'owner' = any(${staff.roles}) then ${staff.roles} else array_append(${staff.roles}, 'owner') end`,
        disabledAt: null,
        updatedAt: sql`now()`,
      },
    });
}

const roleList = (roles: readonly StaffRole[]) => roles.map((role) => STAFF_ROLE_LABELS[role]).join(", ");

/**
 * The guard of a back-office route: signed in as staff (anyone else gets 404, as for every admin
 * route), not disabled (403 STAFF_DISABLED), with two-factor on unless the configuration turns that
 * off (403 TWO_FACTOR_SETUP_REQUIRED), and holding one of `roles` (403 STAFF_ROLE_REQUIRED).
 * It runs on `onRequest`, so someone without the role learns nothing from the body's validation.
 */
export function requireStaff(
  auth: Auth,
  db: Executor,
  roles: readonly StaffRole[],
  options: { twoFactor: boolean } = { twoFactor: true },
) {
  const admin = requireAdmin(auth);
  return async (request: FastifyRequest, reply: Parameters<ReturnType<typeof requireAdmin>>[1]) => {
    await admin(request, reply);
    const standing = request.current ? await readStaffStanding(db, request.current.user.id) : null;
    if (!standing)
      throw new AppError(403, "STAFF_ROLE_REQUIRED", "Your account holds no back-office role. Ask an owner for one.");
    if (standing.disabled)
      throw new AppError(403, "STAFF_DISABLED", "Your staff account is disabled. Ask an owner to enable it.");
    if (options.twoFactor && !request.current?.user.twoFactorEnabled)
      throw new AppError(
        403,
        "TWO_FACTOR_SETUP_REQUIRED",
        "Turn on two-factor authentication on the Security page before using the back office.",
      );
    request.staffRoles = standing.roles;
    if (!standing.roles.some((role) => roles.includes(role)))
      throw new AppError(403, "STAFF_ROLE_REQUIRED", `This needs one of these roles: ${roleList(roles)}.`);
  };
}

/** The roles `requireStaff` found for this request. */
export function staffRolesOf(request: FastifyRequest): StaffRole[] {
  return request.staffRoles ?? [];
}
