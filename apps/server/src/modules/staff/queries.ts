import type { StaffRole } from "@helio/shared";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { staff } from "../../platform/auth/staff-tables.ts";
import { account, session, user } from "../../platform/auth/tables.ts";

const staffColumns = {
  uid: staff.userId,
  firstName: user.firstName,
  lastName: user.lastName,
  name: user.name,
  email: user.email,
  roles: staff.roles,
  disabledAt: staff.disabledAt,
  twoFactorEnabled: user.twoFactorEnabled,
  createdAt: staff.createdAt,
  joined: sql<boolean>`exists (select 1 from ${account} where ${account.userId} = ${staff.userId} and ${account.providerId} = 'credential')`,
};

export type StaffRow = Awaited<ReturnType<typeof listStaffRows>>[number];

export async function listStaffRows(db: Executor) {
  return db
    .select(staffColumns)
    .from(staff)
    .innerJoin(user, eq(user.id, staff.userId))
    .orderBy(asc(staff.createdAt), asc(staff.userId));
}

/** One staff member's row, locked for a change. */
export async function lockStaffRow(tx: Executor, uid: string): Promise<StaffRow | undefined> {
  const [row] = await tx
    .select(staffColumns)
    .from(staff)
    .innerJoin(user, eq(user.id, staff.userId))
    .where(eq(staff.userId, uid))
    .for("update", { of: staff });
  return row;
}

/**
 * The active owners, locked: two owners removing each other at once wait on one another, so one
 * always stays.
 */
export async function lockActiveOwners(tx: Executor): Promise<string[]> {
  const rows = await tx
    .select({ uid: staff.userId })
    .from(staff)
    .where(and(sql`'owner' = any(${staff.roles})`, isNull(staff.disabledAt)))
    .orderBy(asc(staff.userId))
    .for("update");
  return rows.map((row) => row.uid);
}

export async function userIdByEmail(db: Executor, email: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.toLowerCase()));
  return row?.id;
}

export async function insertStaffRow(tx: Executor, row: { userId: string; roles: StaffRole[]; invitedBy: string }) {
  await tx.insert(staff).values(row);
}

export async function updateStaffRow(
  tx: Executor,
  uid: string,
  change: { roles?: StaffRole[]; disabledAt?: Date | null },
) {
  await tx
    .update(staff)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(staff.userId, uid));
}

export async function deleteSessionsOf(tx: Executor, uid: string): Promise<string[]> {
  const ended = await tx.delete(session).where(eq(session.userId, uid)).returning({ id: session.id });
  return ended.map((row) => row.id);
}
