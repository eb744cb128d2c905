import { adminBankAccountSchema } from "./bank.ts";
import { adminInvestmentSummarySchema } from "./investments.ts";
import { kycSchema } from "./kyc.ts";
import { MEMBER_ACCOUNTS, SYSTEM_ACCOUNTS } from "./ledger.ts";
import { maxAmountMessage } from "./local-amount.ts";
import {
  MAX_AMOUNT_MICROCENTS,
  memberRefSchema,
  microcentsSchema,
  reasonSchema,
  walletBalancesSchema,
} from "./wallet.ts";
import { z } from "./zod.ts";

const countSum = z.object({ count: z.int(), sumMicrocents: microcentsSchema });

/** GET /api/admin/dashboard. "Today" is the current UTC day. */
export const adminDashboardSchema = z.object({
  members: z.object({ total: z.int(), blocked: z.int(), banned: z.int() }),
  pending: z.object({
    /** Deposits with a proof waiting for review. */
    deposits: z.int(),
    /** Deposit invoices still waiting for the member's transfer. */
    depositsAwaitingPayment: z.int(),
    withdrawals: z.int(),
    kyc: z.int(),
  }),
  /** Sum of all members' balances by account, in microcents; admins are not members (`members`). */
  memberMoney: z.record(z.enum(MEMBER_ACCOUNTS), microcentsSchema),
  /**
   * Sum of the admins' own balances by account (the demo grant every account gets), in microcents:
   * not member money, shown apart so that member money, this and the platform accounts sum to zero.
   */
  adminMoney: z.record(z.enum(MEMBER_ACCOUNTS), microcentsSchema),
  /** Balances of the platform's own accounts (e.g. trading_house: the house result), in microcents. */
  systemAccounts: z.record(z.enum(SYSTEM_ACCOUNTS), microcentsSchema),
  /**
   * The trading house's result (stakes taken minus payouts made, microcents), as /admin/trading counts
   * it: `real` is the house result; `practice` is demo money, shown apart and never added to it.
   * Together they are `systemAccounts.trading_house`.
   */
  tradingHouse: z.object({ realMicrocents: microcentsSchema, practiceMicrocents: microcentsSchema }),
  today: z.object({
    depositsRequested: countSum,
    depositsApproved: countSum,
    withdrawalsRequested: countSum,
    withdrawalsApproved: countSum,
  }),
  /** Investments and referral commissions (invested capital, profit and commissions paid, capital due soon). */
  investments: adminInvestmentSummarySchema,
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

/** Accounts an admin may adjust (withdrawal_hold belongs to withdrawals; demo has its reset). */
export const ADJUSTABLE_ACCOUNTS = ["wallet", "profit", "bonus"] as const;
/** POST /api/admin/members/:uid/adjust: signed microcents (positive credits, negative debits), and why. */
export const adminAdjustSchema = z.object({
  account: z.enum(ADJUSTABLE_ACCOUNTS),
  amountMicrocents: microcentsSchema.check(
    z.refine((v) => v !== 0n, "Cannot be zero"),
    z.refine((v) => -MAX_AMOUNT_MICROCENTS <= v && v <= MAX_AMOUNT_MICROCENTS, maxAmountMessage()),
  ),
  reason: reasonSchema,
});
export type AdminAdjustInput = z.input<typeof adminAdjustSchema>;
export const adminAdjustResponseSchema = z.object({
  transactionId: z.string(),
  account: z.enum(ADJUSTABLE_ACCOUNTS),
  amountMicrocents: microcentsSchema,
  balanceAfterMicrocents: microcentsSchema,
  replayed: z.boolean(),
});
export type AdminAdjustResponse = z.infer<typeof adminAdjustResponseSchema>;

/**
 * Four eyes on adjustments: one above the settings' `adjustmentSecondApprovalMicrocents` (credit or
 * debit) is a request, made by one finance or owner staff member and approved (the money moves) or
 * rejected by another; the requester may withdraw it by rejecting.
 */
export const ADJUSTMENT_REQUEST_STATUSES = ["awaiting_second_approval", "approved", "rejected"] as const;
export const adjustmentRequestStatusSchema = z.enum(ADJUSTMENT_REQUEST_STATUSES);
export const adjustmentRequestSchema = z.object({
  id: z.string(),
  member: memberRefSchema,
  account: z.enum(ADJUSTABLE_ACCOUNTS),
  amountMicrocents: microcentsSchema,
  reason: z.string(),
  status: adjustmentRequestStatusSchema,
  requestedBy: z.string(),
  requestedAt: z.string(),
  decidedBy: z.nullable(z.string()),
  decidedAt: z.nullable(z.string()),
  rejectReason: z.nullable(z.string()),
  transactionId: z.nullable(z.string()),
});
export type AdjustmentRequest = z.infer<typeof adjustmentRequestSchema>;
/** 202 from the adjust route: the adjustment waits for a second approver. */
export const adminAdjustPendingSchema = z.object({
  awaitingSecondApproval: z.literal(true),
  request: adjustmentRequestSchema,
});
export type AdminAdjustPending = z.infer<typeof adminAdjustPendingSchema>;
export const adjustmentRequestsQuerySchema = z.object({
  status: z._default(z.union([adjustmentRequestStatusSchema, z.literal("all")]), "awaiting_second_approval"),
});
export const adjustmentRequestsResponseSchema = z.object({ items: z.array(adjustmentRequestSchema) });

/** GET /api/admin/members/:uid/money: the money side of a member's detail page. */
export const adminMemberMoneySchema = z.object({
  balances: walletBalancesSchema,
  kyc: kycSchema,
  bank: z.nullable(adminBankAccountSchema),
});
export type AdminMemberMoney = z.infer<typeof adminMemberMoneySchema>;

const problemRows = z.array(z.record(z.string(), z.unknown()));
/** GET /api/admin/ledger/verify: the invariants, and the rows that break them (none when ok). */
export const ledgerReportSchema = z.object({
  ok: z.boolean(),
  unbalancedTransactions: problemRows,
  driftedBalances: problemRows,
  negativeMemberBalances: problemRows,
  brokenRunningBalances: problemRows,
  counts: z.object({ transactions: z.int(), entries: z.int(), accounts: z.int() }),
});
export type LedgerVerifyReport = z.infer<typeof ledgerReportSchema>;
