import { randomUUID } from "node:crypto";
import {
  type AdminKyc,
  API,
  type IdType,
  type Kyc,
  type KycDocument,
  type KycStatus,
  type PrivateFile,
  requiresIdBack,
} from "@helio/shared";
import type { Db } from "../../db/client.ts";
import { recordAdminAudit } from "../../platform/audit/audit.ts";
import { AppError, notFound } from "../../platform/http/errors.ts";
import { type CheckedUpload, toMemberRef } from "../../platform/kit.ts";
import type { Realtime } from "../../platform/realtime/realtime.ts";
import type { FileStorage } from "../../platform/storage/index.ts";
import type { Notifications, Recorded } from "../notifications/index.ts";
import { countKyc, findKyc, findMemberRef, type KycRow, listKyc, updateKyc, upsertSubmission } from "./queries.ts";

export type KycDeps = { db: Db; realtime: Realtime; storage: FileStorage; notifications: Notifications };
type Actor = { adminId: string; ip: string };
export type KycFields = { legalName: string; dateOfBirth: string; country: string; idType: IdType; idNumber: string };
export type KycFiles = { idFront: CheckedUpload; idBack?: CheckedUpload; selfie: CheckedUpload };

const DOC_COLUMNS = {
  idFront: ["idFrontKey", "idFrontType", "idFrontName", "idFrontSize"],
  idBack: ["idBackKey", "idBackType", "idBackName", "idBackSize"],
  selfie: ["selfieKey", "selfieType", "selfieName", "selfieSize"],
} as const;

function documentOf(row: KycRow, doc: KycDocument, url: string): PrivateFile | null {
  const [k, t, n, s] = DOC_COLUMNS[doc];
  const key = row[k];
  const type = row[t];
  if (!key || !type) return null;
  return {
    url,
    fileName: row[n] ?? doc,
    contentType: type,
    size: row[s] ?? 0,
    uploadedAt: row.submittedAt.toISOString(),
  };
}

function toKyc(row: KycRow | null, urlOf: (doc: KycDocument) => string): Kyc {
  if (!row) return { status: "not_submitted", reason: null, submittedAt: null, reviewedAt: null, submission: null };
  const front = documentOf(row, "idFront", urlOf("idFront"));
  const selfie = documentOf(row, "selfie", urlOf("selfie"));
  return {
    status: row.status as KycStatus,
    reason: row.reason,
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    submission:
      front && selfie
        ? {
            legalName: row.legalName,
            dateOfBirth: row.dateOfBirth,
            country: row.country,
            idType: row.idType as IdType,
            idNumber: row.idNumber,
            documents: { idFront: front, idBack: documentOf(row, "idBack", urlOf("idBack")), selfie },
          }
        : null,
  };
}
const memberUrls = (doc: KycDocument) => API.kycDocument(doc);
const adminUrls = (uid: string) => (doc: KycDocument) => API.adminKycDocument(uid, doc);

export async function getKyc(deps: { db: Db }, uid: string): Promise<Kyc> {
  return toKyc(await findKyc(deps.db, uid), memberUrls);
}

/** The member's KYC status alone (withdrawals need `approved`). */
export async function kycStatusOf(deps: { db: Db }, uid: string): Promise<KycStatus> {
  return ((await findKyc(deps.db, uid))?.status as KycStatus | undefined) ?? "not_submitted";
}

/** The legal name of the member's approved verification, or null while none is approved. */
export async function approvedKycNameOf(deps: { db: Db }, uid: string): Promise<string | null> {
  const row = await findKyc(deps.db, uid);
  return row?.status === "approved" ? row.legalName : null;
}

const pushStatus = (deps: { realtime: Realtime }, row: KycRow) =>
  deps.realtime.toUser(row.userId, { type: "kyc.updated", status: row.status as KycStatus, reason: row.reason });

/**
 * A first submission, or a new one after a rejection: stores the documents under random private
 * keys, then records the submission as pending. Pending or approved → 409, nothing kept.
 */
export async function submitKyc(deps: KycDeps, uid: string, fields: KycFields, files: KycFiles): Promise<Kyc> {
  const stored: Partial<Record<KycDocument, { key: string; file: CheckedUpload }>> = {};
  const docs: [KycDocument, CheckedUpload | undefined][] = [
    ["idFront", files.idFront],
    ["idBack", requiresIdBack(fields.idType) ? files.idBack : undefined],
    ["selfie", files.selfie],
  ];
  const removeStored = () => Promise.all(Object.values(stored).map((s) => deps.storage.remove(s.key)));
  // Until the submission is recorded its files are ours to remove, whatever failed (a 409, the
  // database, or the file store midway through the documents); once recorded, never.
  let recorded = false;
  try {
    for (const [doc, file] of docs) {
      if (!file) continue;
      const key = `kyc/${randomUUID()}.${file.ext}`;
      await deps.storage.put(key, file.data);
      stored[doc] = { key, file };
    }
    const now = new Date();
    const result = await deps.db.transaction(async (tx) => {
      const before = await findKyc(tx, uid, { forUpdate: true });
      if (before && before.status !== "rejected") return { conflict: before.status } as const;
      const col = (doc: KycDocument) => {
        const s = stored[doc];
        return {
          key: s?.key ?? null,
          type: s?.file.contentType ?? null,
          name: s?.file.fileName ?? null,
          size: s?.file.size ?? null,
        };
      };
      const front = col("idFront");
      const back = col("idBack");
      const selfie = col("selfie");
      const saved = await upsertSubmission(tx, {
        userId: uid,
        status: "pending",
        ...fields,
        idFrontKey: front.key as string,
        idFrontType: front.type as string,
        idFrontName: front.name as string,
        idFrontSize: front.size as number,
        idBackKey: back.key,
        idBackType: back.type,
        idBackName: back.name,
        idBackSize: back.size,
        selfieKey: selfie.key as string,
        selfieType: selfie.type as string,
        selfieName: selfie.name as string,
        selfieSize: selfie.size as number,
        reason: null,
        submittedAt: now,
        reviewedBy: null,
        reviewedAt: null,
        updatedAt: now,
      });
      if (!saved) return { conflict: "pending" } as const;
      return { saved, before } as const;
    });
    if ("conflict" in result) {
      throw new AppError(
        409,
        "CONFLICT",
        result.conflict === "approved"
          ? "Your identity is already verified."
          : "Your documents are already under review.",
      );
    }
    recorded = true;
    const old = result.before;
    if (old) {
      for (const key of [old.idFrontKey, old.idBackKey, old.selfieKey]) if (key) await deps.storage.remove(key);
    }
    await pushStatus(deps, result.saved);
    return toKyc(result.saved, memberUrls);
  } catch (error) {
    // The first error is the answer; a file left behind by a failing store is private and unused.
    if (!recorded) await removeStored().catch(() => undefined);
    throw error;
  }
}

/** One document's bytes for the member themself, or for an admin (`uid` is the member's). */
export async function readKycDocument(deps: KycDeps, uid: string, doc: KycDocument) {
  const row = await findKyc(deps.db, uid);
  const [k, t] = DOC_COLUMNS[doc];
  const key = row?.[k];
  const type = row?.[t];
  if (!row || !key || !type) throw notFound("No such document");
  const data = await deps.storage.read(key);
  if (!data) throw notFound("No such document");
  return { data, contentType: type, fileName: `${doc}.${key.split(".").pop() ?? "bin"}` };
}

// Back office.

export async function listAdminKyc(deps: { db: Db }, q: { status: KycStatus | "all"; page: number; pageSize: number }) {
  const { rows, total } = await listKyc(deps.db, {
    status: q.status === "all" ? undefined : q.status,
    page: q.page,
    pageSize: q.pageSize,
  });
  const items: AdminKyc[] = rows.map((r) => ({
    ...toKyc(r.row, adminUrls(r.row.userId)),
    member: toMemberRef(r.member),
  }));
  return { items, total, page: q.page, pageSize: q.pageSize };
}

export async function getAdminKyc(deps: { db: Db }, uid: string): Promise<AdminKyc> {
  const member = await findMemberRef(deps.db, uid);
  if (!member) throw notFound("Member not found");
  return { ...toKyc(await findKyc(deps.db, uid), adminUrls(uid)), member: toMemberRef(member) };
}

/** Approves or rejects a pending submission; audited with the decision, pushed to the member. */
export async function reviewKyc(
  deps: KycDeps,
  actor: Actor,
  uid: string,
  decision: { status: "approved" } | { status: "rejected"; reason: string },
): Promise<AdminKyc> {
  let told: Recorded | null = null;
  const changed = await deps.db.transaction(async (tx) => {
    const row = await findKyc(tx, uid, { forUpdate: true });
    if (!row) throw notFound("This member has not submitted KYC");
    if (row.status === decision.status) return null;
    if (row.status !== "pending") throw new AppError(409, "CONFLICT", `This KYC is ${row.status}, not pending.`);
    const reason = decision.status === "rejected" ? decision.reason : null;
    const saved = await updateKyc(tx, uid, {
      status: decision.status,
      reason,
      reviewedBy: actor.adminId,
      reviewedAt: new Date(),
    });
    await recordAdminAudit(tx, actor, {
      action: decision.status === "approved" ? "kyc.approve" : "kyc.reject",
      targetUserId: uid,
      before: { status: row.status },
      after: { status: decision.status, reason },
    });
    told = await deps.notifications.notify(
      tx,
      decision.status === "approved"
        ? { kind: "kyc.approved", userId: uid, submittedAt: row.submittedAt }
        : { kind: "kyc.rejected", userId: uid, submittedAt: row.submittedAt, reason: decision.reason },
    );
    return saved;
  });
  if (changed) {
    await pushStatus(deps, changed);
    await deps.notifications.deliver([told]);
  }
  return getAdminKyc(deps, uid);
}

export const pendingKycCount = (deps: { db: Db }) => countKyc(deps.db, "pending");
