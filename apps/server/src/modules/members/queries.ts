import type { Locale } from "@helio/shared";
import { eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { user } from "../../platform/auth/tables.ts";

export async function findUserIdByUsername(db: Executor, username: string): Promise<string | null> {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.username})`, username.toLowerCase()));
  return row?.id ?? null;
}

export async function updateProfile(
  db: Executor,
  uid: string,
  values: { firstName: string; lastName: string; currency: string },
) {
  await db
    .update(user)
    .set({ ...values, name: `${values.firstName} ${values.lastName}`, updatedAt: new Date() })
    .where(eq(user.id, uid));
}

/** Keeps the member's language on the account (mail and notifications follow it). */
export async function updateLocale(db: Executor, uid: string, locale: Locale) {
  await db.update(user).set({ locale, updatedAt: new Date() }).where(eq(user.id, uid));
}

/** Sets the photo and returns the one it replaced, so its file can be removed. */
export async function replacePhoto(db: Executor, uid: string, photoURL: string): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [old] = await tx.select({ image: user.image }).from(user).where(eq(user.id, uid)).for("update");
    await tx.update(user).set({ image: photoURL, updatedAt: new Date() }).where(eq(user.id, uid));
    return old?.image ?? null;
  });
}

/** The member accepted the terms of `version` at `at`. */
export async function setTermsAccepted(tx: Executor, userId: string, version: number, at: Date) {
  await tx.update(user).set({ termsVersion: version, termsAcceptedAt: at, updatedAt: at }).where(eq(user.id, userId));
}
