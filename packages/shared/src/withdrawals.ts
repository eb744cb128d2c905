import { bankAccountSchema } from "./bank.ts";
import { kycStatusSchema } from "./kyc.ts";
import { typedLocalSchema } from "./local-amount.ts";
import { text } from "./text.ts";
import {
  amountInputShape,
  memberRefSchema,
  microcentsSchema,
  mulDivHalfEven,
  pagedShape,
  pageQueryShape,
  refineOneAmount,
} from "./wallet.ts";
import { z } from "./zod.ts";

/**
 * unconfirmed (waiting for the mail's link) → pending (in the operators' queue) | expired (not
 * confirmed in time) | cancelled (by the member); pending → approved (with the payout reference) |
 * rejected (with a reason) | cancelled.
 */
export const WITHDRAWAL_STATUSES = ["unconfirmed", "pending", "approved", "rejected", "cancelled", "expired"] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];
export const withdrawalStatusSchema = z.enum(WITHDRAWAL_STATUSES);

export type WithdrawalFees = { feeBps: number; feeFlatMicrocents: bigint };
export type WithdrawalQuote = { amountMicrocents: bigint; feeMicrocents: bigint; netMicrocents: bigint };

/**
 * fee = round half-even(amount × feeBps / 10,000) + flat fee; net = amount − fee. The one place the
 * fee is computed (the server charges it; the web shows it before the member confirms).
 */
export function withdrawalQuote(amountMicrocents: bigint, fees: WithdrawalFees): WithdrawalQuote {
  const feeMicrocents = mulDivHalfEven(amountMicrocents, fees.feeBps, 10_000) + fees.feeFlatMicrocents;
  return { amountMicrocents, feeMicrocents, netMicrocents: amountMicrocents - feeMicrocents };
}

/**
 * POST /api/withdrawals: `{ amountMicrocents }` or `{ amount: "12.34" }`, plus `totpCode` (6 digits) when
 * the member has two-factor sign-in on. Send an `Idempotency-Key` header to make a retry safe.
 */
export const createWithdrawalSchema = z
  .object({
    ...amountInputShape,
    totpCode: z.optional(
      z.string().check(z.trim(), z.regex(/^\d{6}$/, "The 6-digit code from your authenticator app")),
    ),
  })
  .check(z.superRefine(refineOneAmount));
export type CreateWithdrawalInput = z.input<typeof createWithdrawalSchema>;

/** GET /api/withdrawals/requirements: what the withdrawal form needs to know. */
export const withdrawalRequirementsSchema = z.object({
  minMicrocents: microcentsSchema,
  maxMicrocents: microcentsSchema,
  feeBps: z.int(),
  feeFlatMicrocents: microcentsSchema,
  walletMicrocents: microcentsSchema,
  kycStatus: kycStatusSchema,
  bank: z.nullable(bankAccountSchema),
  twoFactorRequired: z.boolean(),
  /** Withdrawals wait until then after a change of bank data; null: no wait. */
  holdUntil: z.nullable(z.string()),
  /** The member froze money out ("it was not me"); support lifts it. */
  frozen: z.boolean(),
});
export type WithdrawalRequirements = z.infer<typeof withdrawalRequirementsSchema>;

/** Where the money goes: the member's bank data as it was when the withdrawal was requested. */
export const withdrawalDestinationSchema = z.object({
  bankName: z.string(),
  accountHolder: z.string(),
  accountNumberMasked: z.string(),
  swift: z.nullable(z.string()),
  branch: z.nullable(z.string()),
});
export const withdrawalSchema = z.object({
  id: z.string(),
  amountMicrocents: microcentsSchema,
  feeMicrocents: microcentsSchema,
  netMicrocents: microcentsSchema,
  /**
   * The amount as the member typed it in their currency with the rate it was converted at, and
   * `net`, the payout in that currency (`netMicrocents` at that rate, to the nearest hundredth): what
   * the bank pays. Null for a withdrawal asked in USD.
   */
  local: z.nullable(z.extend(typedLocalSchema, { net: z.string() })),
  status: withdrawalStatusSchema,
  destination: withdrawalDestinationSchema,
  payoutReference: z.nullable(z.string()),
  reason: z.nullable(z.string()),
  /** While unconfirmed: until when the mail's link works. */
  confirmExpiresAt: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  reviewedAt: z.nullable(z.string()),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

/** POST /api/withdrawals/confirm: the withdrawal and the token of the mail's link. */
export const confirmWithdrawalSchema = z.object({
  id: z.uuid("Not a withdrawal id"),
  token: z.string().check(z.regex(/^[A-Za-z0-9_-]{20,100}$/, "Not a confirmation link")),
});
export const withdrawalListQuerySchema = z.object({ status: z.optional(withdrawalStatusSchema), ...pageQueryShape });
export const withdrawalListResponseSchema = z.object({ items: z.array(withdrawalSchema), ...pagedShape });

/** Back office: the full account number, to make the payout. */
export const adminWithdrawalSchema = z.extend(withdrawalSchema, {
  member: memberRefSchema,
  destination: z.extend(withdrawalDestinationSchema, { accountNumber: z.string() }),
  /** What the operator checks before paying: the holder against the verified name, a recent bank change. */
  checks: z.object({
    kycName: z.nullable(z.string()),
    nameMismatch: z.boolean(),
    bankChangedAt: z.nullable(z.string()),
  }),
  /**
   * Four eyes (above the settings' `withdrawalSecondApprovalMicrocents`): the first approval, while the
   * withdrawal, still pending, awaits a second approver's; null before it, and for smaller ones.
   */
  firstApproval: z.nullable(z.object({ adminId: z.string(), at: z.string() })),
  needsSecondApproval: z.boolean(),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;
export const adminWithdrawalsQuerySchema = z.object({
  status: z._default(z.union([withdrawalStatusSchema, z.literal("all")]), "pending"),
  uid: z.optional(text().check(z.maxLength(64))),
  ...pageQueryShape,
});
export const adminWithdrawalsResponseSchema = z.object({ items: z.array(adminWithdrawalSchema), ...pagedShape });
/** GET /api/admin/withdrawals.csv: the queue's filter, every page. */
export const adminWithdrawalsCsvQuerySchema = z.omit(adminWithdrawalsQuerySchema, { page: true, pageSize: true });
/**
 * The withdrawals export's columns: the amount as typed in the member's currency, the rate, the
 * USD amount, fee and net, and the payout in the member's currency (the net at the rate); the
 * local columns are empty for a withdrawal asked in USD.
 */
export const ADMIN_WITHDRAWAL_CSV_COLUMNS = [
  "id",
  "created_at",
  "status",
  "member_name",
  "member_email",
  "amount_local",
  "currency",
  "rate_per_usd",
  "amount_usd",
  "fee_usd",
  "net_usd",
  "net_local",
  "payout_reference",
  "reviewed_at",
] as const;
export const approveWithdrawalSchema = z.object({
  payoutReference: text().check(
    z.trim(),
    z.minLength(3, "At least 3 characters"),
    z.maxLength(100, "At most 100 characters"),
  ),
});
