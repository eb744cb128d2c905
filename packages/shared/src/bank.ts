import { text } from "./text.ts";
import { z } from "./zod.ts";

const optionalText = (max: number) =>
  z.pipe(
    z.optional(text().check(z.trim(), z.maxLength(max, `At most ${max} characters`))),
    z.transform((v) => (v ? v : undefined)),
  );

/** The member's payout account (`/data-bank`). Withdrawals are paid here. */
export const bankAccountInputSchema = z.object({
  bankName: text().check(z.trim(), z.minLength(2, "At least 2 characters"), z.maxLength(100, "At most 100 characters")),
  accountHolder: text().check(
    z.trim(),
    z.minLength(2, "At least 2 characters"),
    z.maxLength(100, "At most 100 characters"),
  ),
  /** Letters, digits, spaces and hyphens (IBANs too); stored upper-case without spaces. */
  accountNumber: z.pipe(
    z.pipe(
      text().check(z.trim()),
      z.transform((v) => v.replace(/[\s-]/g, "").toUpperCase()),
    ),
    z.string().check(z.regex(/^[A-Z0-9]{4,34}$/, "4 to 34 letters or digits")),
  ),
  /** SWIFT/BIC: 8 or 11 characters. */
  swift: z.pipe(
    z.pipe(
      z.optional(text().check(z.trim(), z.toUpperCase())),
      z.transform((v) => (v ? v : undefined)),
    ),
    z.optional(
      z.string().check(z.regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, "A SWIFT/BIC code has 8 or 11 characters")),
    ),
  ),
  branch: optionalText(100),
});
/** PUT /api/bank: the account plus the member's current password. */
export const saveBankAccountSchema = z.extend(bankAccountInputSchema, {
  password: z.string().check(z.minLength(1, "Enter your password"), z.maxLength(128)),
});
export type SaveBankAccountInput = z.input<typeof saveBankAccountSchema>;

/** What the member sees: the number masked except its last 4 characters. */
export const bankAccountSchema = z.object({
  bankName: z.string(),
  accountHolder: z.string(),
  accountNumberMasked: z.string(),
  swift: z.nullable(z.string()),
  branch: z.nullable(z.string()),
  updatedAt: z.string(),
  /** Withdrawals wait until then after this account changed; null: no wait. */
  holdUntil: z.nullable(z.string()),
  /** Whether the holder's name matches the member's verified (KYC) name; null: not verified yet. */
  nameMatchesKyc: z.nullable(z.boolean()),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

/** POST /api/account/freeze: the token of the "it was not me" link. */
export const freezeAccountSchema = z.object({
  token: z.string().check(z.regex(/^[A-Za-z0-9_-]{20,100}$/, "Not a freeze link")),
});
/** GET /api/admin/members/:uid/freeze: whether money out is frozen, since when and why. */
export const adminFreezeSchema = z.object({
  frozen: z.boolean(),
  since: z.nullable(z.string()),
  cause: z.nullable(z.string()),
});
export type AdminFreeze = z.infer<typeof adminFreezeSchema>;

/** GET /api/support/contact: where a member who cannot sign in writes ("" when not set). */
export const supportContactSchema = z.object({ supportEmail: z.string() });
/** POST /api/support/requests: a blocked member's message to support, sent signed out. */
export const supportRequestSchema = z.object({
  email: z.email("An e-mail address").check(z.maxLength(200)),
  message: text({ multiline: true }).check(
    z.trim(),
    z.minLength(10, "At least 10 characters"),
    z.maxLength(2000, "At most 2,000 characters"),
  ),
});
export type SupportRequestInput = z.input<typeof supportRequestSchema>;
export const bankAccountResponseSchema = z.object({ bank: z.nullable(bankAccountSchema) });

/** Admins see the full number (they make the payout). */
export const adminBankAccountSchema = z.extend(bankAccountSchema, { accountNumber: z.string() });

/** "12345678" → "****5678". */
export function maskAccountNumber(accountNumber: string): string {
  return `****${accountNumber.slice(-4)}`;
}
