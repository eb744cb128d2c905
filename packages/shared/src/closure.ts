import { text } from "./text.ts";
import { microcentsSchema } from "./wallet.ts";
import { z } from "./zod.ts";

/** `POST /api/account/close`: the password, and the authenticator code when two-factor is on. */
export const closeAccountSchema = z.object({
  password: z.string().check(z.minLength(1, "Enter your password"), z.maxLength(128)),
  totpCode: z.optional(text().check(z.trim(), z.regex(/^\d{6}$/, "Six digits"))),
});
export type CloseAccountInput = z.input<typeof closeAccountSchema>;

/**
 * What keeps an account open: money in a Real account, a deposit or a withdrawal on its way, an
 * open contract.
 */
export const CLOSURE_BLOCKERS = ["balance", "deposit", "withdrawal", "contract"] as const;
export const closureBlockerSchema = z.object({
  reason: z.enum(CLOSURE_BLOCKERS),
  /** For `balance`: the account holding money (wallet, profit, bonus, withdrawal_hold). */
  account: z.optional(z.string()),
  /** For `balance`: what it holds (microcents); for `deposit`, `withdrawal` and `contract`: how many. */
  amountMicrocents: z.optional(microcentsSchema),
  count: z.optional(z.int()),
});
export type ClosureBlocker = z.infer<typeof closureBlockerSchema>;

/** `GET /api/account/close`: whether the account may be closed now, and what stands in the way. */
export const closureCheckSchema = z.object({ blockers: z.array(closureBlockerSchema) });
export type ClosureCheck = z.infer<typeof closureCheckSchema>;

export const closeAccountResponseSchema = z.object({ closed: z.literal(true), closedAt: z.string() });

/** The back office's view of a member's closure. */
export const adminClosureSchema = z.object({ closed: z.boolean(), closedAt: z.nullable(z.string()) });
export type AdminClosure = z.infer<typeof adminClosureSchema>;
