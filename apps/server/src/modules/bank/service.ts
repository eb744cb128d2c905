import { randomUUID } from "node:crypto";
import { type BankAccount, maskAccountNumber, type Settings } from "@helio/shared";
import type { Db } from "../../db/client.ts";
import { recordAudit } from "../../platform/audit/audit.ts";
import type { Auth } from "../../platform/auth/auth.ts";
import { fieldError } from "../../platform/http/errors.ts";
import { approvedKycNameOf } from "../kyc/index.ts";
import type { Notifications, Recorded } from "../notifications/index.ts";
import { issueFreezeLink } from "../security/index.ts";
import type { SettingsService } from "../settings/index.ts";
import { namesMatch } from "./names.ts";
import { type BankRow, credentialHash, findBankAccount, upsertBankAccount } from "./queries.ts";

export type BankInput = {
  bankName: string;
  accountHolder: string;
  accountNumber: string;
  swift?: string;
  branch?: string;
};

export type BankDeps = {
  db: Db;
  auth: Auth;
  settings: SettingsService;
  notifications: Notifications;
  now: () => Date;
};

/** Until when withdrawals wait after the account's last change, or null once that is past. */
export function holdUntilOf(row: Pick<BankRow, "changedAt">, settings: Settings, now: Date): Date | null {
  if (!row.changedAt || settings.withdrawalHoldHoursAfterBankChange <= 0) return null;
  const until = new Date(row.changedAt.getTime() + settings.withdrawalHoldHoursAfterBankChange * 3_600_000);
  return until > now ? until : null;
}

type Checks = { holdUntil: Date | null; nameMatchesKyc: boolean | null };

function toBankAccount(row: BankRow, checks: Checks): BankAccount {
  return {
    bankName: row.bankName,
    accountHolder: row.accountHolder,
    accountNumberMasked: maskAccountNumber(row.accountNumber),
    swift: row.swift,
    branch: row.branch,
    updatedAt: row.updatedAt.toISOString(),
    holdUntil: checks.holdUntil?.toISOString() ?? null,
    nameMatchesKyc: checks.nameMatchesKyc,
  };
}

async function checksOf(deps: Pick<BankDeps, "db" | "settings" | "now">, row: BankRow): Promise<Checks> {
  const [settings, kycName] = await Promise.all([deps.settings.get(), approvedKycNameOf(deps, row.userId)]);
  return {
    holdUntil: holdUntilOf(row, settings, deps.now()),
    nameMatchesKyc: kycName === null ? null : namesMatch(kycName, row.accountHolder),
  };
}

/** The member's view: the number masked, the wait after a change, whether the holder matches the KYC name. */
export async function getBankAccount(deps: Pick<BankDeps, "db" | "settings" | "now">, uid: string) {
  const row = await findBankAccount(deps.db, uid);
  return row ? toBankAccount(row, await checksOf(deps, row)) : null;
}

/** The back office's view: the same with the full number (to make the payout). */
export async function adminBankAccountOf(deps: Pick<BankDeps, "db" | "settings" | "now">, uid: string) {
  const row = await findBankAccount(deps.db, uid);
  return row ? { ...toBankAccount(row, await checksOf(deps, row)), accountNumber: row.accountNumber } : null;
}

/** The full record, for a withdrawal's destination. */
export const bankAccountOf = (db: Db, uid: string) => findBankAccount(db, uid);

/** Checks the member's current password with better-auth's own hasher. */
export async function verifyPassword(deps: { db: Db; auth: Auth }, uid: string, password: string): Promise<boolean> {
  const hash = await credentialHash(deps.db, uid);
  if (!hash) return false;
  const ctx = await deps.auth.$context;
  return ctx.password.verify({ hash, password });
}

const destinationOf = (b: { bankName: string; accountHolder: string; accountNumber: string; swift?: string | null }) =>
  [b.bankName, b.accountHolder, b.accountNumber, b.swift ?? ""].join("\u0000");

/**
 * Saves the payout account after checking the password; the change is audited (numbers masked).
 * A change of where the money goes (bank, holder, number or SWIFT of an account already saved)
 * starts the wait of `withdrawalHoldHoursAfterBankChange` and tells the member at once, by mail
 * and in the app, with an "it was not me" link that freezes the account. A holder whose name does
 * not match the verified one is saved (names are written many ways) and flags each withdrawal.
 */
export async function saveBankAccount(
  deps: BankDeps,
  uid: string,
  input: BankInput & { password: string },
  ip: string,
): Promise<BankAccount> {
  if (!(await verifyPassword(deps, uid, input.password))) throw fieldError("password", "Wrong password");
  const settings = await deps.settings.get();
  let told: Recorded | null = null;
  const saved = await deps.db.transaction(async (tx) => {
    told = null;
    const now = deps.now();
    const before = await findBankAccount(tx, uid);
    const changed = before !== null && destinationOf(before) !== destinationOf(input);
    const saved = await upsertBankAccount(tx, {
      userId: uid,
      bankName: input.bankName,
      accountHolder: input.accountHolder,
      accountNumber: input.accountNumber,
      swift: input.swift ?? null,
      branch: input.branch ?? null,
      changedAt: changed ? now : (before?.changedAt ?? null),
    });
    await recordAudit(tx, {
      actorId: uid,
      action: "bank.update",
      targetUserId: uid,
      before: before ? { bankName: before.bankName, accountNumber: maskAccountNumber(before.accountNumber) } : null,
      after: { bankName: saved.bankName, accountNumber: maskAccountNumber(saved.accountNumber) },
      ip,
    });
    if (changed) {
      told = await deps.notifications.notify(tx, {
        kind: "bank.changed",
        userId: uid,
        changeId: randomUUID(),
        bankName: saved.bankName,
        accountNumberMasked: maskAccountNumber(saved.accountNumber),
        at: now,
        holdUntil: holdUntilOf(saved, settings, now),
        freezeToken: await issueFreezeLink(tx, uid, "bank.changed", now),
      });
    }
    return saved;
  });
  await deps.notifications.deliver([told]);
  return toBankAccount(saved, await checksOf(deps, saved));
}
