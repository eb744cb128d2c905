import type { MultipartFile } from "@fastify/multipart";
import type { MemberRef } from "@helio/shared";
import { eq, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { FastifyRequest } from "fastify";
import { fileTypeFromBuffer } from "file-type";
import type { Config } from "../config.ts";
import type { Executor } from "../db/client.ts";
import { type CurrentSession, impersonatorOf } from "./auth/session.ts";
import { user } from "./auth/tables.ts";
import { AppError, impersonationReadOnly } from "./http/errors.ts";

/**
 * Small pieces every money feature (wallet, deposits, withdrawals, bank, KYC, back office) uses:
 * the per-member rate limit, checked uploads, constraint errors (the Idempotency-Key rule lives in
 * platform/money/idempotency.ts).
 */

/** Route config: `MONEY_RATE_LIMIT` requests per minute per member (counted after sign-in is checked). */
export function moneyRateLimit(config: Config) {
  return {
    rateLimit: {
      max: config.moneyRateLimit,
      timeWindow: "1 minute",
      hook: "preHandler" as const,
      keyGenerator: (request: FastifyRequest) => `member:${request.current?.user.id ?? request.ip}`,
    },
  };
}

export type CheckedUpload = { data: Buffer; contentType: string; ext: string; fileName: string; size: number };

const EXT: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "application/pdf": "pdf",
};

/** A display name for an uploaded file: its base name, printable characters only. */
export function cleanFileName(name: string | undefined, fallback: string): string {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  const cleaned = [...base]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f && !'"<>'.includes(c))
    .join("")
    .trim()
    .slice(0, 120);
  return cleaned || fallback;
}

/**
 * Reads one multipart file completely and checks it by content (never by name or declared type).
 * Too large → 413 PAYLOAD_TOO_LARGE; not an accepted type → 400 UNSUPPORTED_FILE; both name `field`.
 */
export async function readCheckedFile(
  part: MultipartFile,
  opts: { field: string; accepted: readonly string[]; maxBytes: number; describe: string },
): Promise<CheckedUpload> {
  const data = await part.toBuffer().catch((error: { code?: string }) => {
    if (error.code === "FST_REQ_FILE_TOO_LARGE") {
      const mb = Math.round(opts.maxBytes / 1024 / 1024);
      throw new AppError(413, "PAYLOAD_TOO_LARGE", `${opts.field}: the file is larger than ${mb} MB`, [
        { field: opts.field, message: `At most ${mb} MB` },
      ]);
    }
    throw error;
  });
  if (part.file.truncated || data.length > opts.maxBytes) {
    throw new AppError(413, "PAYLOAD_TOO_LARGE", `${opts.field}: the file is too large`, [
      { field: opts.field, message: "The file is too large" },
    ]);
  }
  const type = data.length ? await fileTypeFromBuffer(data) : undefined;
  if (!type || !opts.accepted.includes(type.mime)) {
    throw new AppError(400, "UNSUPPORTED_FILE", `${opts.field}: must be ${opts.describe}`, [
      { field: opts.field, message: `Must be ${opts.describe}` },
    ]);
  }
  return {
    data,
    contentType: type.mime,
    ext: EXT[type.mime] ?? type.ext,
    fileName: cleanFileName(part.filename, `${opts.field}.${EXT[type.mime] ?? type.ext}`),
    size: data.length,
  };
}

type PgError = { code?: string; constraint?: string; cause?: PgError };
/** Whether `error` (or its cause, as drizzle wraps driver errors) is a unique violation of `constraint`. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e = error as PgError | undefined, depth = 0; e && depth < 4; e = e.cause, depth++) {
    if (e.code === "23505" && (!e.constraint || e.constraint === constraint)) return true;
  }
  return false;
}

/** `Content-Disposition` for a private file sent back to its owner or an admin. */
export function inlineDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Who the back office counts as a member: every account but the admins, blocked and banned ones
 * included (docs/product.md §10). The dashboard's and the Members page's count, and the
 * dashboard's member money, all take it from here, so they cannot disagree.
 */
export const isMemberAccount: SQL<boolean> = sql`(${user.role} is null or ${user.role} <> 'admin')`;

/** The user columns a back-office row selects for `toMemberRef`. */
export const memberRefColumns = {
  uid: user.id,
  firstName: user.firstName,
  lastName: user.lastName,
  name: user.name,
  userName: user.username,
  email: user.email,
};

/** What `memberRefColumns` reads. */
export type MemberRefRow = {
  uid: string;
  firstName: string;
  lastName: string;
  name: string;
  userName: string | null;
  email: string;
};

/** Rows of `table` (as `row`), each with its member's `memberRefColumns` (as `member`). */
export function selectWithMember<T extends PgTable & { userId: AnyPgColumn }>(db: Executor, table: T) {
  return db
    .select({ row: table, member: memberRefColumns })
    .from(table as PgTable) // drizzle cannot check a generic table here; the selection keeps its type
    .innerJoin(user, eq(user.id, table.userId));
}

/** A member as back-office rows show them. */
export function toMemberRef(m: MemberRefRow): MemberRef {
  return {
    uid: m.uid,
    fullName: `${m.firstName} ${m.lastName}`.trim() || m.name,
    userName: m.userName ?? "",
    email: m.email,
  };
}

/**
 * Money out and payout details stay with the member: refused in an admin's impersonation session
 * (requireMember already refuses every write there; services check again, so that no other way in
 * reaches them).
 */
export function notWhileImpersonating(current: CurrentSession) {
  if (impersonatorOf(current)) throw impersonationReadOnly();
}
