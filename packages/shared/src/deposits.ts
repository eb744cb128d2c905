import { z } from "zod";
import { transferInstructionsSchema } from "./settings.ts";
import { text } from "./text.ts";
import {
  amountInputShape,
  memberRefSchema,
  pagedShape,
  pageQueryShape,
  privateFileSchema,
  refineOneAmount,
} from "./wallet.ts";

/**
 * awaiting_payment → proof_submitted → approved | rejected (with a reason);
 * awaiting_payment → expired (no proof before `expiresAt`) or rejected.
 */
export const DEPOSIT_STATUSES = ["awaiting_payment", "proof_submitted", "approved", "rejected", "expired"] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];
export const depositStatusSchema = z.enum(DEPOSIT_STATUSES);

/** Proofs of payment: images or a PDF, checked by content, at most 10 MB (multipart field `file`). */
export const DEPOSIT_PROOF_TYPES = ["image/jpeg", "image/png", "image/webp", "application/pdf"] as const;

/** POST /api/deposits: `{ amountCents: 1234 }` or `{ amount: "12.34" }`, at least settings.depositMinCents. */
export const createDepositSchema = z.object(amountInputShape).superRefine(refineOneAmount);
export type CreateDepositInput = z.input<typeof createDepositSchema>;

export const depositInvoiceSchema = z.object({
  id: z.string(),
  /** Human reference to put in the transfer description, e.g. HD-7K2M9QXA. */
  reference: z.string(),
  amountCents: z.number().int(),
  status: depositStatusSchema,
  /** The company's transfer instructions as they were when the invoice was made. */
  instructions: transferInstructionsSchema,
  proof: privateFileSchema.nullable(),
  /** Why it was rejected. */
  reason: z.string().nullable(),
  /** Without a proof by then, the invoice expires. */
  expiresAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type DepositInvoice = z.infer<typeof depositInvoiceSchema>;

export const depositListQuerySchema = z.object({ status: depositStatusSchema.optional(), ...pageQueryShape });
export const depositListResponseSchema = z.object({ items: z.array(depositInvoiceSchema), ...pagedShape });

/** Back office. The queue defaults to invoices with a proof waiting for review. */
export const adminDepositSchema = depositInvoiceSchema.extend({ member: memberRefSchema });
export type AdminDeposit = z.infer<typeof adminDepositSchema>;
export const adminDepositsQuerySchema = z.object({
  status: z.union([depositStatusSchema, z.literal("all")]).default("proof_submitted"),
  uid: text().max(64).optional(),
  ...pageQueryShape,
});
export const adminDepositsResponseSchema = z.object({ items: z.array(adminDepositSchema), ...pagedShape });
