import { transactionKindSchema } from "./ledger.ts";
import { amountInputShape, microcentsSchema, pagedShape, pageQueryShape, walletHistoryFilterShape } from "./wallet.ts";
import { z } from "./zod.ts";

/** The two funds a member can move to the wallet: investment returns and referral commissions. */
export const FUNDS = ["profit", "bonus"] as const;
export const fundSchema = z.enum(FUNDS, { error: "profit or bonus" });
export type Fund = z.infer<typeof fundSchema>;
export const fundParamsSchema = z.object({ fund: fundSchema });

/** GET /api/funds/:fund: the balance and what a move to the wallet needs. */
export const fundSummarySchema = z.object({
  fund: fundSchema,
  balanceMicrocents: microcentsSchema,
  /** Smallest move (settings `fundTransferMinMicrocents`); "all" may move less when that is all there is. */
  minTransferMicrocents: microcentsSchema,
  walletMicrocents: microcentsSchema,
});
export type FundSummary = z.infer<typeof fundSummarySchema>;

/**
 * GET /api/funds/:fund/history (and /history.csv): the ledger entries of that account, newest
 * first; same entries, filters and CSV columns as the wallet history (`walletHistoryResponseSchema`,
 * `WALLET_CSV_COLUMNS`), the account fixed to the fund.
 */
export const fundHistoryFilterShape = {
  kind: z.optional(transactionKindSchema),
  from: walletHistoryFilterShape.from,
  to: walletHistoryFilterShape.to,
};
export const fundHistoryQuerySchema = z.object({ ...fundHistoryFilterShape, ...pageQueryShape });
export const fundHistoryCsvQuerySchema = z.object(fundHistoryFilterShape);

/**
 * POST /api/funds/:fund/transfers: move `{ amountMicrocents }`, `{ amount: "12.34" }`, `{ local }` (wallet.ts) or `{ all: true }`
 * (the whole balance) to the wallet. Send an `Idempotency-Key` header (201 first time, 200 replayed).
 */
export const fundTransferInputSchema = z.object({ ...amountInputShape, all: z.optional(z.literal(true)) }).check(
  z.superRefine((v, ctx) => {
    const given = [v.amountMicrocents, v.amount, v.local, v.all].filter((x) => x !== undefined).length;
    if (given === 0) ctx.addIssue({ code: "custom", path: ["amount"], message: "Enter an amount or choose all" });
    if (given > 1)
      ctx.addIssue({ code: "custom", path: ["amount"], message: "Give one of amount, amountMicrocents, local or all" });
  }),
);
export type FundTransferInput = z.input<typeof fundTransferInputSchema>;

/** A past move: its ledger transaction. */
export const fundTransferSchema = z.object({
  /** The ledger transaction id. */
  id: z.string(),
  fund: fundSchema,
  amountMicrocents: microcentsSchema,
  /** The fund's balance right after the move. */
  fundBalanceAfterMicrocents: microcentsSchema,
  createdAt: z.string(),
});
export type FundTransfer = z.infer<typeof fundTransferSchema>;
export const fundTransferResponseSchema = z.object({
  transfer: fundTransferSchema,
  walletMicrocents: microcentsSchema,
  replayed: z.boolean(),
});
export type FundTransferResponse = z.infer<typeof fundTransferResponseSchema>;
export const fundTransfersQuerySchema = z.object(pageQueryShape);
export const fundTransfersResponseSchema = z.object({ items: z.array(fundTransferSchema), ...pagedShape });
