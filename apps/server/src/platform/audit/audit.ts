import { randomUUID } from "node:crypto";
import { jsonText } from "@helio/shared";
import { count, desc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.ts";
import { user } from "../auth/tables.ts";
import { auditLog } from "./tables.ts";

export type AuditEntry = {
  /** Null for what no signed-in user did (failed sign-ins by whoever it was). */
  actorId: string | null;
  action: string;
  targetUserId?: string | null;
  before?: unknown;
  after?: unknown;
  ip?: string | null;
};

/** A value as its JSON reads back: amounts (bigint microcents) as strings of digits. */
const asJson = (value: unknown) => (value === undefined ? null : JSON.parse(jsonText(value)));

/** Written in the same transaction as the action it records. */
export async function recordAudit(tx: Executor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    id: randomUUID(),
    actorId: entry.actorId,
    action: entry.action,
    targetUserId: entry.targetUserId ?? null,
    before: asJson(entry.before),
    after: asJson(entry.after),
    ip: entry.ip ?? null,
  });
}

/** `recordAudit` for an admin's action: who and from where come from the request's `actor`. */
export async function recordAdminAudit(
  tx: Executor,
  actor: { adminId: string; ip: string },
  entry: Omit<AuditEntry, "actorId" | "ip">,
): Promise<void> {
  await recordAudit(tx, { actorId: actor.adminId, ...entry, ip: actor.ip });
}

const actor = alias(user, "actor");
const target = alias(user, "target");

export async function listAudit(db: Executor, opts: { page: number; pageSize: number; targetUserId?: string }) {
  const where = opts.targetUserId ? eq(auditLog.targetUserId, opts.targetUserId) : undefined;
  const rows = await db
    .select({
      id: auditLog.id,
      actorId: auditLog.actorId,
      actorName: actor.name,
      action: auditLog.action,
      targetUserId: auditLog.targetUserId,
      targetName: target.name,
      before: auditLog.before,
      after: auditLog.after,
      ip: auditLog.ip,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorId))
    .leftJoin(target, eq(target.id, auditLog.targetUserId))
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(opts.pageSize)
    .offset((opts.page - 1) * opts.pageSize);
  const [total] = await db.select({ n: count() }).from(auditLog).where(where);
  return { items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })), total: total?.n ?? 0 };
}
