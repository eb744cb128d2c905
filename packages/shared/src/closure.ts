import { z } from "zod";
import { text } from "./text.ts";
import { microcentsSchema } from "./wallet.ts";

/** `POST /api/account/close`: the password, and the authenticator code when two-factor is on. */
export const closeAccountSchema = z.object({
  password: z.string().min(1, "Enter your password").max(128),
  totpCode: text()
    .trim()
    .regex(/^\d{6}$/, "Six digits")
    .optional(),
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
  account: z.string().optional(),
  /** For `balance`: what it holds (microcents); for `deposit`, `withdrawal` and `contract`: how many. */
  amountMicrocents: microcentsSchema.optional(),
  count: z.number().int().optional(),
});
export type ClosureBlocker = z.infer<typeof closureBlockerSchema>;

/** `GET /api/account/close`: whether the account may be closed now, and what stands in the way. */
export const closureCheckSchema = z.object({ blockers: z.array(closureBlockerSchema) });
export type ClosureCheck = z.infer<typeof closureCheckSchema>;

export const closeAccountResponseSchema = z.object({ closed: z.literal(true), closedAt: z.string() });

/** The back office's view of a member's closure. */
export const adminClosureSchema = z.object({ closed: z.boolean(), closedAt: z.string().nullable() });
export type AdminClosure = z.infer<typeof adminClosureSchema>;
