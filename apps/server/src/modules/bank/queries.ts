import { and, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { account } from "../../platform/auth/tables.ts";
import { bankAccounts } from "./tables.ts";

export type BankRow = typeof bankAccounts.$inferSelect;

export async function findBankAccount(db: Executor, userId: string): Promise<BankRow | null> {
  const [row] = await db.select().from(bankAccounts).where(eq(bankAccounts.userId, userId));
  return row ?? null;
}

export async function upsertBankAccount(
  db: Executor,
  row: Omit<typeof bankAccounts.$inferInsert, "createdAt" | "updatedAt">,
): Promise<BankRow> {
  const now = new Date();
  const [saved] = await db
    .insert(bankAccounts)
    .values({ ...row, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: bankAccounts.userId,
      set: {
        bankName: row.bankName,
        accountHolder: row.accountHolder,
        accountNumber: row.accountNumber,
        swift: row.swift ?? null,
        branch: row.branch ?? null,
        changedAt: row.changedAt ?? null,
        updatedAt: now,
      },
    })
    .returning();
  if (!saved) throw new Error("bank account not saved");
  return saved;
}

/** The member's password hash (email + password sign-in), if they have one. */
export async function credentialHash(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
  return row?.password ?? null;
}
