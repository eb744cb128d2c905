import { type BankAccount, maskAccountNumber } from "@helio/shared";
import type { Db } from "../../db/client.ts";
import { recordAudit } from "../../platform/audit/audit.ts";
import type { Auth } from "../../platform/auth/auth.ts";
import { fieldError } from "../../platform/http/errors.ts";
import { type BankRow, credentialHash, findBankAccount, upsertBankAccount } from "./queries.ts";

export type BankInput = {
  bankName: string;
  accountHolder: string;
  accountNumber: string;
  swift?: string;
  branch?: string;
};

export function toBankAccount(row: BankRow): BankAccount {
  return {
    bankName: row.bankName,
    accountHolder: row.accountHolder,
    accountNumberMasked: maskAccountNumber(row.accountNumber),
    swift: row.swift,
    branch: row.branch,
    updatedAt: row.updatedAt.toISOString(),
  };
}
export const toAdminBankAccount = (row: BankRow) => ({ ...toBankAccount(row), accountNumber: row.accountNumber });

export async function getBankAccount(db: Db, uid: string): Promise<BankAccount | null> {
  const row = await findBankAccount(db, uid);
  return row ? toBankAccount(row) : null;
}

/** The full record, for a withdrawal's destination and the back office. */
export const bankAccountOf = (db: Db, uid: string) => findBankAccount(db, uid);

/** Checks the member's current password with better-auth's own hasher. */
export async function verifyPassword(deps: { db: Db; auth: Auth }, uid: string, password: string): Promise<boolean> {
  const hash = await credentialHash(deps.db, uid);
  if (!hash) return false;
  const ctx = await deps.auth.$context;
  return ctx.password.verify({ hash, password });
}

/** Saves the payout account after checking the password; the change is audited (numbers masked). */
export async function saveBankAccount(
  deps: { db: Db; auth: Auth },
  uid: string,
  input: BankInput & { password: string },
  ip: string,
): Promise<BankAccount> {
  if (!(await verifyPassword(deps, uid, input.password))) throw fieldError("password", "Wrong password");
  const saved = await deps.db.transaction(async (tx) => {
    const before = await findBankAccount(tx, uid);
    const saved = await upsertBankAccount(tx, {
      userId: uid,
      bankName: input.bankName,
      accountHolder: input.accountHolder,
      accountNumber: input.accountNumber,
      swift: input.swift ?? null,
      branch: input.branch ?? null,
    });
    await recordAudit(tx, {
      actorId: uid,
      action: "bank.update",
      targetUserId: uid,
      before: before ? { bankName: before.bankName, accountNumber: maskAccountNumber(before.accountNumber) } : null,
      after: { bankName: saved.bankName, accountNumber: maskAccountNumber(saved.accountNumber) },
      ip,
    });
    return saved;
  });
  return toBankAccount(saved);
}
