import { memberAccountSchema, transactionKindSchema } from "./ledger.ts";
import { pairSymbolSchema, priceString } from "./market.ts";
import { tradingModeSchema } from "./member.ts";
import { tradeDirectionSchema, tradeResultSchema } from "./trading.ts";
import { microcentsSchema, pagedShape, pageQueryShape, walletEntrySchema } from "./wallet.ts";
import { z } from "./zod.ts";

// ---------------------------------------------------------------------------------------------
// The statement (every ledger movement of one account with its running balance) and the profit
// table (every settled contract of one mode). Periods are whole UTC days, both ends included.
// One account or one mode at a time: Real and Practice money never share a total.
// ---------------------------------------------------------------------------------------------

const day = z.iso.date({ error: "A date (YYYY-MM-DD)" });

type Period = { from?: string; to?: string };
/** A period whose end is before its start is refused, naming `to`. */
function refinePeriod(value: Period, ctx: z.core.$RefinementCtx) {
  if (value.from && value.to && value.to < value.from) {
    ctx.addIssue({ code: "custom", path: ["to"], message: "The end date is before the start date" });
  }
}

export const statementFilterShape = {
  /** One account per statement; the wallet (Real money) unless another is chosen. */
  account: z._default(memberAccountSchema, "wallet"),
  kind: z.optional(transactionKindSchema),
  from: z.optional(day),
  to: z.optional(day),
};
export const statementFileQuerySchema = z.object(statementFilterShape).check(z.superRefine(refinePeriod));
export const statementQuerySchema = z
  .object({ ...statementFilterShape, ...pageQueryShape })
  .check(z.superRefine(refinePeriod));
export type StatementQuery = z.input<typeof statementQuerySchema>;
export type StatementFilter = z.output<typeof statementFileQuerySchema>;

const microcents = microcentsSchema;
/** The movements listed (after the kind filter): money in, money out and their sum. */
export const statementTotalsSchema = z.object({
  count: z.int(),
  inMicrocents: microcents,
  outMicrocents: microcents,
  netMicrocents: microcents,
});
export type StatementTotals = z.infer<typeof statementTotalsSchema>;

export const statementResponseSchema = z.object({
  account: memberAccountSchema,
  from: z.nullable(z.string()),
  to: z.nullable(z.string()),
  /** The account's balance before the period's first movement (whatever the kind filter). */
  openingMicrocents: microcents,
  /** The account's balance after the period's last movement (whatever the kind filter). */
  closingMicrocents: microcents,
  totals: statementTotalsSchema,
  /** Oldest first; `balanceAfterMicrocents` is the running balance the ledger recorded. */
  items: z.array(walletEntrySchema),
  ...pagedShape,
});
export type StatementResponse = z.infer<typeof statementResponseSchema>;

export const profitFilterShape = {
  mode: z._default(tradingModeSchema, "real"),
  from: z.optional(day),
  to: z.optional(day),
};
export const profitFileQuerySchema = z.object(profitFilterShape).check(z.superRefine(refinePeriod));
export const profitQuerySchema = z
  .object({ ...profitFilterShape, ...pageQueryShape })
  .check(z.superRefine(refinePeriod));
export type ProfitQuery = z.input<typeof profitQuerySchema>;
export type ProfitFilter = z.output<typeof profitFileQuerySchema>;

/** One settled contract: stake taken at entry, payout paid at settlement (0 for a loss). */
export const profitRowSchema = z.object({
  id: z.string(),
  symbol: pairSymbolSchema,
  direction: tradeDirectionSchema,
  mode: tradingModeSchema,
  openedAt: z.string(),
  closedAt: z.string(),
  entryPrice: priceString,
  exitPrice: z.nullable(priceString),
  result: tradeResultSchema,
  stakeMicrocents: microcents,
  payoutMicrocents: microcents,
  /** payout − stake: positive a profit, negative a loss. */
  profitMicrocents: microcents,
});
export type ProfitRow = z.infer<typeof profitRowSchema>;

export const profitTotalsSchema = z.object({
  count: z.int(),
  stakeMicrocents: microcents,
  payoutMicrocents: microcents,
  profitMicrocents: microcents,
});
export type ProfitTotals = z.infer<typeof profitTotalsSchema>;

export const profitResponseSchema = z.object({
  mode: tradingModeSchema,
  from: z.nullable(z.string()),
  to: z.nullable(z.string()),
  totals: profitTotalsSchema,
  /** Oldest settlement first. */
  items: z.array(profitRowSchema),
  ...pagedShape,
});
export type ProfitResponse = z.infer<typeof profitResponseSchema>;

/** A closed month ("2026-10") whose statement of one account is mailed to the member. */
export const statementMailSchema = z.object({
  month: z.string({ error: "A month (YYYY-MM)" }).check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, "A month (YYYY-MM)")),
  account: z._default(memberAccountSchema, "wallet"),
});
export type StatementMailInput = z.input<typeof statementMailSchema>;
export const statementMailResponseSchema = z.object({ to: z.string(), from: z.string(), until: z.string() });
export type StatementMailResponse = z.infer<typeof statementMailResponseSchema>;

/**
 * Columns of the statement's CSV, in order: the ledger's exact USD decimals, then the same amounts
 * in the member's display currency as the app writes them ("1,625,000.00 IDR").
 */
export const STATEMENT_CSV_COLUMNS = [
  "date",
  "kind",
  "account",
  "amount_usd",
  "balance_after_usd",
  "amount",
  "balance",
  "reference_type",
  "reference_id",
  "transaction_id",
] as const;
/** Columns of the profit table's CSV, in order (USD decimals, then the display currency). */
export const PROFIT_CSV_COLUMNS = [
  "id",
  "pair",
  "direction",
  "mode",
  "opened_at",
  "closed_at",
  "entry_price",
  "exit_price",
  "result",
  "stake_usd",
  "payout_usd",
  "profit_usd",
  "stake",
  "payout",
  "profit",
] as const;
