import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { user } from "../../platform/auth/tables.ts";
import { sliceOf, sliceWithTotal } from "../../platform/db/paging.ts";
import { updateTouched } from "../../platform/db/update-touched.ts";
import { type MemberRefRow, memberRefColumns, selectWithMember } from "../../platform/kit.ts";
import { kycProfiles } from "./tables.ts";

export type KycRow = typeof kycProfiles.$inferSelect;
export type KycInsert = typeof kycProfiles.$inferInsert;

export async function findKyc(db: Executor, userId: string, opts: { forUpdate?: boolean } = {}) {
  const query = db.select().from(kycProfiles).where(eq(kycProfiles.userId, userId));
  const [row] = opts.forUpdate ? await query.for("update") : await query;
  return row ?? null;
}

/**
 * Writes a (re)submission. Only a first submission or a rejected one may be replaced: the
 * conditional upsert returns nothing when the member's row is pending or approved meanwhile.
 */
export async function upsertSubmission(tx: Executor, row: KycInsert): Promise<KycRow | null> {
  const { userId: _userId, ...update } = row;
  const [saved] = await tx
    .insert(kycProfiles)
    .values(row)
    .onConflictDoUpdate({ target: kycProfiles.userId, set: update, setWhere: sql`${kycProfiles.status} = 'rejected'` })
    .returning();
  return saved ?? null;
}

export async function updateKyc(tx: Executor, userId: string, values: Partial<KycInsert>) {
  const row = await updateTouched(tx, kycProfiles, eq(kycProfiles.userId, userId), values);
  if (!row) throw new Error("kyc row vanished");
  return row;
}

export async function listKyc(db: Executor, opts: { status?: string; page: number; pageSize: number }) {
  const where = opts.status ? eq(kycProfiles.status, opts.status) : undefined;
  const query = selectWithMember(db, kycProfiles)
    .where(where)
    .orderBy(opts.status === "pending" ? kycProfiles.submittedAt : desc(kycProfiles.submittedAt))
    .$dynamic();
  return sliceWithTotal(db, query, { from: kycProfiles, where }, sliceOf(opts));
}

export async function findMemberRef(db: Executor, userId: string): Promise<MemberRefRow | null> {
  const [row] = await db.select(memberRefColumns).from(user).where(eq(user.id, userId));
  return row ?? null;
}

export async function countKyc(db: Executor, status: string) {
  const [row] = await db
    .select({ n: count() })
    .from(kycProfiles)
    .where(and(eq(kycProfiles.status, status)));
  return row?.n ?? 0;
}
