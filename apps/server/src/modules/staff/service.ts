import { randomBytes } from "node:crypto";
import type { StaffMember, StaffRole } from "@helio/shared";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { recordAdminAudit } from "../../platform/audit/audit.ts";
import type { Auth } from "../../platform/auth/auth.ts";
import type { AdminActor } from "../../platform/auth/session.ts";
import { AppError, notFound } from "../../platform/http/errors.ts";
import type { Mailer } from "../../platform/mail/mailer.ts";
import { linkMail } from "../../platform/mail/templates.ts";
import type { Realtime } from "../../platform/realtime/realtime.ts";
import {
  deleteSessionsOf,
  insertStaffRow,
  listStaffRows,
  lockActiveOwners,
  lockStaffRow,
  type StaffRow,
  updateStaffRow,
  userIdByEmail,
} from "./queries.ts";

type Deps = { db: Db; auth: Auth; mailer: Mailer; realtime: Realtime; config: Config };

/** How long an invitation's link works: a week, time enough to see the mail after a weekend. */
export const INVITATION_TTL_S = 7 * 24 * 60 * 60;

const toStaffMember = (row: StaffRow): StaffMember => ({
  uid: row.uid,
  fullName: `${row.firstName} ${row.lastName}`.trim() || row.name,
  email: row.email,
  roles: row.roles as StaffRole[],
  disabled: row.disabledAt !== null,
  joined: Boolean(row.joined),
  twoFactorEnabled: Boolean(row.twoFactorEnabled),
  invitedAt: row.createdAt.toISOString(),
});

export async function listStaff(deps: Pick<Deps, "db">) {
  return { items: (await listStaffRows(deps.db)).map(toStaffMember) };
}

function invitationMail(to: string, name: string, inviter: string, roles: string, url: string) {
  return linkMail(to, {
    subject: "You are invited to Helio's back office",
    title: "Join Helio's back office",
    intro: `Hello ${name}, ${inviter} invited you to Helio's back office as ${roles}. Choose a password to sign in; the link works once and expires in 7 days.`,
    action: "Choose a password",
    linkLabel: "Open this link",
    url,
    outro: "If you did not expect this invitation, ignore this message: nothing happens without the link.",
  });
}

/**
 * Creates the staff account (verified, no password yet) and mails a link to choose its password:
 * better-auth's reset-password token, which also creates the password login on first use.
 */
export async function inviteStaff(
  deps: Deps,
  actor: AdminActor & { name: string },
  input: { email: string; firstName: string; lastName: string; roles: StaffRole[] },
): Promise<StaffMember> {
  if (await userIdByEmail(deps.db, input.email))
    throw new AppError(409, "CONFLICT", "email: this address already has a Helio account", [
      { field: "email", message: "This address already has a Helio account" },
    ]);
  const ctx = await deps.auth.$context;
  const created = await ctx.internalAdapter.createUser(
    {
      email: input.email,
      name: `${input.firstName} ${input.lastName}`,
      emailVerified: true,
      role: "admin",
      firstName: input.firstName,
      lastName: input.lastName,
      currency: "USD",
    },
    { method: "admin" },
  );
  const row = await deps.db.transaction(async (tx) => {
    await insertStaffRow(tx, { userId: created.id, roles: input.roles, invitedBy: actor.adminId });
    await recordAdminAudit(tx, actor, {
      action: "staff.invite",
      targetUserId: created.id,
      after: { email: input.email, roles: input.roles },
    });
    return lockStaffRow(tx, created.id);
  });
  const token = randomBytes(24).toString("base64url");
  await ctx.internalAdapter.createVerificationValue({
    identifier: `reset-password:${token}`,
    value: created.id,
    expiresAt: new Date(Date.now() + INVITATION_TTL_S * 1000),
  });
  const url = `${deps.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  const roleWords = input.roles.join(", ").replaceAll("_", " ");
  await deps.mailer.send(invitationMail(input.email, input.firstName, actor.name, roleWords, url));
  if (!row) throw notFound("Staff member not found");
  return toStaffMember(row);
}

/**
 * A change of someone's standing, with the rules every change keeps: the environment's admin
 * stays an active owner (it is made one again at every start), nobody disables themselves, and at
 * least one active owner remains.
 */
async function changeStaff(
  deps: Deps,
  actor: AdminActor,
  uid: string,
  change: (row: StaffRow) => { roles: StaffRole[]; disabled: boolean },
  audit: (
    before: StaffRow,
    after: { roles: StaffRole[]; disabled: boolean },
  ) => {
    action: string;
    before: unknown;
    after: unknown;
  } | null,
): Promise<StaffMember> {
  let ended: string[] = [];
  const row = await deps.db.transaction(async (tx) => {
    const owners = await lockActiveOwners(tx);
    const before = await lockStaffRow(tx, uid);
    if (!before) throw notFound("Staff member not found");
    const next = change(before);
    const ownerAfter = next.roles.includes("owner") && !next.disabled;
    if (before.email.toLowerCase() === deps.config.admin.email && !ownerAfter)
      throw new AppError(409, "CONFLICT", "The environment's admin (ADMIN_EMAIL) is always an active owner.");
    if (uid === actor.adminId && next.disabled)
      throw new AppError(409, "CONFLICT", "You cannot disable your own staff account.");
    if (!ownerAfter && owners.length === 1 && owners[0] === uid)
      throw new AppError(409, "CONFLICT", "Helio needs at least one active owner.");
    const entry = audit(before, next);
    if (!entry) return before;
    await updateStaffRow(tx, uid, {
      roles: next.roles,
      disabledAt: next.disabled ? (before.disabledAt ?? new Date()) : null,
    });
    if (next.disabled && before.disabledAt === null) ended = await deleteSessionsOf(tx, uid);
    await recordAdminAudit(tx, actor, { ...entry, targetUserId: uid });
    return lockStaffRow(tx, uid);
  });
  await deps.realtime.endSessions(ended);
  if (!row) throw notFound("Staff member not found");
  return toStaffMember(row);
}

const sameRoles = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((role) => b.includes(role));

export function changeStaffRoles(deps: Deps, actor: AdminActor, uid: string, roles: StaffRole[]) {
  return changeStaff(
    deps,
    actor,
    uid,
    (row) => ({ roles, disabled: row.disabledAt !== null }),
    (before) =>
      sameRoles(before.roles, roles)
        ? null
        : { action: "staff.roles", before: { roles: before.roles }, after: { roles } },
  );
}

/** Disabling ends the account's sessions; enabling lets it sign in again with its roles. */
export function setStaffDisabled(deps: Deps, actor: AdminActor, uid: string, disabled: boolean) {
  return changeStaff(
    deps,
    actor,
    uid,
    (row) => ({ roles: row.roles as StaffRole[], disabled }),
    (before) =>
      (before.disabledAt !== null) === disabled
        ? null
        : { action: disabled ? "staff.disable" : "staff.enable", before: { roles: before.roles }, after: null },
  );
}
