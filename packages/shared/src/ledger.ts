import { fromCents, MEMBER_ACCOUNTS, TRANSACTION_KINDS } from "./values.ts";
import { z } from "./zod.ts";

export { MEMBER_ACCOUNTS, TRANSACTION_KINDS };

/** The other side of every movement. */
export const SYSTEM_ACCOUNTS = [
  "deposits_clearing",
  "payouts_clearing",
  "trading_house",
  "investment_pool",
  "commissions",
  "adjustments",
  "demo_issuer",
  "fees",
] as const;

export type MemberAccount = (typeof MEMBER_ACCOUNTS)[number];
export type SystemAccount = (typeof SYSTEM_ACCOUNTS)[number];
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

export const memberAccountSchema = z.enum(MEMBER_ACCOUNTS);
export const transactionKindSchema = z.enum(TRANSACTION_KINDS);

/** Demo money a new member receives, and what a reset restores: 10,000.00 USD. */
export const DEMO_GRANT_MICROCENTS = fromCents(1_000_000);
