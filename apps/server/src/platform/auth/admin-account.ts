import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import type { Auth } from "./auth.ts";
import { ensureOwner } from "./staff.ts";
import { user } from "./tables.ts";

/**
 * Creates the admin from ADMIN_EMAIL at start, or promotes that account if it exists; either way
 * it is an active owner of the back office.
 * Returns the generated password when one had to be made (printed once by the caller).
 */
export async function ensureAdmin(auth: Auth, db: Db, admin: Config["admin"]): Promise<{ generatedPassword?: string }> {
  const [existing] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.email})`, admin.email));
  if (existing) {
    await db.update(user).set({ role: "admin", emailVerified: true }).where(eq(user.id, existing.id));
    await ensureOwner(db, existing.id);
    return {};
  }
  const generatedPassword = admin.password ? undefined : randomBytes(12).toString("base64url");
  const password = admin.password ?? (generatedPassword as string);
  const ctx = await auth.$context;
  try {
    const created = await ctx.internalAdapter.createUser(
      {
        email: admin.email,
        name: `${admin.firstName} ${admin.lastName}`,
        emailVerified: true,
        username: admin.username,
        displayUsername: admin.username,
        role: "admin",
        firstName: admin.firstName,
        lastName: admin.lastName,
        currency: "USD",
      },
      { method: "admin" },
    );
    await ctx.internalAdapter.linkAccount({
      userId: created.id,
      providerId: "credential",
      accountId: created.id,
      password: await ctx.password.hash(password),
    });
    await ensureOwner(db, created.id);
  } catch (error) {
    // Another instance created it at the same moment.
    const [raced] = await db
      .select({ id: user.id })
      .from(user)
      .where(eq(sql`lower(${user.email})`, admin.email));
    if (raced) {
      await ensureOwner(db, raced.id);
      return {};
    }
    throw error;
  }
  return { generatedPassword };
}
