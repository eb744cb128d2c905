import { AMOUNT_MESSAGES, refineTypedAmount, typedLocalSchema } from "./local-amount.ts";
import { transferInstructionsSchema } from "./settings.ts";
import { text } from "./text.ts";
import {
  amountInputShape,
  memberRefSchema,
  microcentsSchema,
  pagedShape,
  pageQueryShape,
  privateFileSchema,
  refineOneAmount,
} from "./wallet.ts";
import { z } from "./zod.ts";

/**
 * awaiting_payment → proof_submitted → approved | rejected (with a reason);
 * awaiting_payment → expired (no proof before `expiresAt`) or rejected.
 */
export const DEPOSIT_STATUSES = ["awaiting_payment", "proof_submitted", "approved", "rejected", "expired"] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];
export const depositStatusSchema = z.enum(DEPOSIT_STATUSES);

/** Proofs of payment: images or a PDF, checked by content, at most 10 MB (multipart field `file`). */
export const DEPOSIT_PROOF_TYPES = ["image/jpeg", "image/png", "image/webp", "application/pdf"] as const;

/**
 * POST /api/deposits: `{ amountMicrocents: "1234000000" }` or `{ amount: "12.34" }` (12.34 USD), or a
 * `local` amount; at least settings.depositMinMicrocents.
 */
export const createDepositSchema = z.object(amountInputShape).check(z.superRefine(refineOneAmount));
export type CreateDepositInput = z.input<typeof createDepositSchema>;

export const depositInvoiceSchema = z.object({
  id: z.string(),
  /** Human reference to put in the transfer description, e.g. HD-7K2M9QXA. */
  reference: z.string(),
  /** What the wallet is credited on approval, in USD microcents. */
  amountMicrocents: microcentsSchema,
  /**
   * The amount to transfer as the member typed it in their currency, with the rate it was
   * converted at; `amountMicrocents` is it at that rate. Null for an invoice made in USD.
   */
  local: z.nullable(typedLocalSchema),
  status: depositStatusSchema,
  /** The company's transfer instructions (for the invoice's currency) as they were when the invoice was made. */
  instructions: transferInstructionsSchema,
  proof: z.nullable(privateFileSchema),
  /** Why it was rejected. */
  reason: z.nullable(z.string()),
  /** Without a proof by then, the invoice expires. */
  expiresAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  reviewedAt: z.nullable(z.string()),
});
export type DepositInvoice = z.infer<typeof depositInvoiceSchema>;

export const depositListQuerySchema = z.object({ status: z.optional(depositStatusSchema), ...pageQueryShape });
export const depositListResponseSchema = z.object({ items: z.array(depositInvoiceSchema), ...pagedShape });

/** Back office. The queue defaults to invoices with a proof waiting for review. */
export const adminDepositSchema = z.extend(depositInvoiceSchema, { member: memberRefSchema });
export type AdminDeposit = z.infer<typeof adminDepositSchema>;
export const adminDepositsQuerySchema = z.object({
  status: z._default(z.union([depositStatusSchema, z.literal("all")]), "proof_submitted"),
  uid: z.optional(text().check(z.maxLength(64))),
  ...pageQueryShape,
});
export const adminDepositsResponseSchema = z.object({ items: z.array(adminDepositSchema), ...pagedShape });
/** GET /api/admin/deposits.csv: the queue's filter, every page. */
export const adminDepositsCsvQuerySchema = z.omit(adminDepositsQuerySchema, { page: true, pageSize: true });
/**
 * The deposits export's columns (the back office reads English): the amount as typed in the
 * member's currency, the rate it was converted at and the USD credited side by side; the local
 * columns are empty for an invoice made in USD.
 */
export const ADMIN_DEPOSIT_CSV_COLUMNS = [
  "reference",
  "created_at",
  "status",
  "member_name",
  "member_email",
  "amount_local",
  "currency",
  "rate_per_usd",
  "amount_usd",
  "reviewed_at",
] as const;

/**
 * POST /api/admin/deposits/:id/approve: optionally the amount the bank statement shows as received,
 * in the invoice's currency (its local currency, else USD), checked against the invoice's amount.
 */
export const approveDepositSchema =
  // No body at all approves without a check, as before the field existed.
  z.nullish(
    z.object({
      amountReceived: z.optional(
        z.string({ error: AMOUNT_MESSAGES.format }).check(z.trim(), z.superRefine(refineTypedAmount(null))),
      ),
    }),
  );
export type ApproveDepositInput = z.input<typeof approveDepositSchema>;
/** The operator's received amount differs from the invoice's (the field message the web words). */
export const AMOUNT_RECEIVED_MISMATCH = "Does not match the amount on the invoice";
