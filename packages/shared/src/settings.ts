import { type Currency, RATE_CURRENCIES, type RateCurrency } from "./currency.ts";
import { legalTextsSchema } from "./legal.ts";
import { maxAmountMessage, type RateQuote } from "./local-amount.ts";
import { text } from "./text.ts";
import { TRADE_DURATIONS } from "./trading.ts";
import { fromCents, MICROCENTS_PER_CENT, quoteFromRates, rateFor } from "./values.ts";
import { MAX_AMOUNT_MICROCENTS, microcentsSchema } from "./wallet.ts";
import { z } from "./zod.ts";

export { quoteFromRates, rateFor };

/** A display multiplier kept as an exact decimal string, e.g. "16250.50". */
export const decimalString = z
  .string()
  .check(z.trim(), z.regex(/^\d{1,12}(\.\d{1,8})?$/, "A positive decimal number, at most 8 decimals"));
const microcents = microcentsSchema.check(
  z.refine((v) => v >= 0n, "Cannot be negative"),
  z.refine((v) => v <= MAX_AMOUNT_MICROCENTS, maxAmountMessage()),
);

export const transferInstructionsSchema = z.object({
  bankName: text().check(z.trim(), z.maxLength(100)),
  accountName: text().check(z.trim(), z.maxLength(100)),
  accountNumber: text().check(z.trim(), z.maxLength(60)),
  notes: text({ multiline: true }).check(z.trim(), z.maxLength(1000)),
});
export type TransferInstructions = z.infer<typeof transferInstructionsSchema>;

/**
 * What a new install's settings hold until an admin sets the company's account: an example, not
 * an account anyone owns. The back office warns while it is still in use (docs/product.md §10).
 */
export const EXAMPLE_TRANSFER_INSTRUCTIONS: TransferInstructions = {
  bankName: "Helio Bank",
  accountName: "Helio Ltd",
  accountNumber: "000-000-0000",
  notes: "Put the invoice reference in the transfer description.",
};

/** The transfer instructions an invoice in `currency` names: that currency's own, else the default. */
export function transferInstructionsFor(
  settings: {
    transferInstructions: TransferInstructions;
    transferInstructionsByCurrency: Partial<Record<RateCurrency, TransferInstructions>>;
  },
  currency: Currency,
): TransferInstructions {
  return (
    (currency === "USD" ? undefined : settings.transferInstructionsByCurrency[currency]) ??
    settings.transferInstructions
  );
}

/** Whether the account members are told to pay into is still the example's (the notes may differ). */
export function isExampleTransferInstructions(i: TransferInstructions): boolean {
  const example = EXAMPLE_TRANSFER_INSTRUCTIONS;
  return (
    i.bankName === example.bankName &&
    i.accountName === example.accountName &&
    i.accountNumber === example.accountNumber
  );
}

/**
 * The shared settings record with the money and trading settings (docs/product.md §4). Every
 * field has a default, so a fresh install works and older stored records gain new fields without
 * a migration.
 */
export const settingsSchema = z
  .object({
    menuContact: z._default(z.boolean(), true),
    rateMYR: z._default(decimalString, "4.70"),
    rateIDR: z._default(decimalString, "16250"),
    rateSGD: z._default(decimalString, "1.35"),
    rateBND: z._default(decimalString, "1.35"),
    rateKRW: z._default(decimalString, "1390"),
    rateJPY: z._default(decimalString, "155"),
    rateEUR: z._default(decimalString, "0.92"),
    rateBHD: z._default(decimalString, "0.376"),
    depositMinMicrocents: z._default(microcents, fromCents(1_000)),
    withdrawalMinMicrocents: z._default(microcents, fromCents(1_000)),
    withdrawalMaxMicrocents: z._default(microcents, fromCents(1_000_000)),
    /** Withdrawal fee in basis points (100 = 1%) plus a flat fee in microcents. */
    withdrawalFeeBps: z._default(z.int().check(z.gte(0), z.lte(5_000)), 100),
    withdrawalFeeFlatMicrocents: z._default(microcents, fromCents(0)),
    /** Hours withdrawals wait after the member changed their bank account (0: no wait). */
    withdrawalHoldHoursAfterBankChange: z._default(
      z.int().check(z.gte(0), z.lte(720, "At most 720 hours (30 days)")),
      24,
    ),
    /** Where members write when they cannot sign in (blocked or banned); named on their page. Empty: none. */
    supportEmail: z._default(z.union([z.literal(""), z.email("An e-mail address").check(z.maxLength(200))]), ""),
    /**
     * Four eyes: a withdrawal above this amount, and a balance adjustment (credit or debit) above
     * this one, need the approval of a second finance or owner staff member; money moves at the second.
     */
    withdrawalSecondApprovalMicrocents: z._default(microcents, fromCents(500_000)),
    adjustmentSecondApprovalMicrocents: z._default(microcents, fromCents(2_000_000)),
    invoiceExpiryMinutes: z._default(z.int().check(z.gte(5), z.lte(60 * 24 * 30)), 60 * 24),
    /** Fixed-time trading: payout % for a winning contract, per pair (missing pairs use the default). */
    tradePayoutPercentDefault: z._default(z.int().check(z.gte(1), z.lte(100)), 85),
    tradePayoutPercent: z._default(z.record(text().check(z.maxLength(40)), z.int().check(z.gte(1), z.lte(100))), {}),
    /**
     * The house's exposure cap per pair: the most all open Real contracts on the pair may pay if
     * every one wins; a new contract past it is refused. A pair not listed has no cap.
     */
    tradeExposureCapMicrocents: z._default(z.record(text().check(z.maxLength(40)), microcents), {}),
    tradeMinMicrocents: z._default(
      microcents.check(z.refine((v) => v >= MICROCENTS_PER_CENT, "At least 1 cent")),
      fromCents(100),
    ),
    tradeMaxMicrocents: z._default(microcents, fromCents(1_000_000)),
    /** Enabled contract durations in seconds (of 30, 60, 300, 900, 1800, 3600). */
    tradeDurations: z._default(
      z
        .array(
          z
            .int()
            .check(
              z.refine(
                (d) => (TRADE_DURATIONS as readonly number[]).includes(d),
                "One of 30, 60, 300, 900, 1800, 3600 seconds",
              ),
            ),
        )
        .check(
          z.minLength(1, "Enable at least one duration"),
          z.refine((ds) => new Set(ds).size === ds.length, "Each duration once"),
        ),
      [...TRADE_DURATIONS],
    ),
    tradeOpenLimit: z._default(z.int().check(z.gte(1), z.lte(1000)), 20),
    /** The stakes the order offers in one tap, USD microcents, ascending (the member's currency shown). */
    tradeAmountPresetsMicrocents: z._default(
      z.array(microcents.check(z.refine((v) => v >= MICROCENTS_PER_CENT, "At least 1 cent"))).check(
        z.maxLength(6, "At most 6 presets"),
        z.refine((ps) => ps.every((p, i) => i === 0 || p > (ps[i - 1] ?? 0n)), "Ascending, each once"),
      ),
      [500, 1_000, 2_500, 5_000, 10_000].map(fromCents),
    ),
    /** A pair without a tick for this many seconds is stale: no new contracts, and a contract without a tick this close to its expiry is void. */
    marketStaleSeconds: z._default(z.int().check(z.gte(2), z.lte(3600)), 15),
    tickRetentionHours: z._default(z.int().check(z.gte(1), z.lte(24 * 90)), 48),
    /** Referral commission per level in basis points (500 = 5 %): level 1, 2, 3. */
    referralCommissionBps: z._default(
      z
        .array(
          z
            .number()
            .check(z.int("Whole basis points"), z.gte(0, "Cannot be negative"), z.lte(5_000, "At most 5,000 (50 %)")),
        )
        .check(z.length(3, "Exactly three levels")),
      [500, 300, 100],
    ),
    /** Smallest move from the profit or bonus fund to the wallet. */
    fundTransferMinMicrocents: z._default(microcents, fromCents(1_000)),
    /**
     * Length of one investment period in seconds (86,400 = a day; a demo may use e.g. 60). An
     * investment keeps the period it was bought with.
     */
    investmentPeriodSeconds: z._default(
      z.number().check(z.int("Whole seconds"), z.gte(10, "At least 10 seconds"), z.lte(86_400 * 31, "At most 31 days")),
      86_400,
    ),
    transferInstructions: z._default(transferInstructionsSchema, EXAMPLE_TRANSFER_INSTRUCTIONS),
    /**
     * The company's account for invoices in one currency (IDR invoices to an Indonesian bank…);
     * a currency not listed uses `transferInstructions` (`transferInstructionsFor`).
     */
    transferInstructionsByCurrency: z._default(
      z.partialRecord(z.enum(RATE_CURRENCIES), transferInstructionsSchema),
      {},
    ),
    /** The terms, privacy notice, risk disclosure and fee notes members read on the public pages. */
    legalTexts: z._default(legalTextsSchema, legalTextsSchema.parse({})),
    /** Goes up by one whenever a save changes the terms' text (the server sets it, not the editor). */
    termsVersion: z._default(z.int().check(z.gte(1)), 1),
  })
  .check(
    z.superRefine((s, ctx) => {
      if (s.tradeMaxMicrocents < s.tradeMinMicrocents) {
        ctx.addIssue({ code: "custom", path: ["tradeMaxMicrocents"], message: "Must be at least the trade minimum" });
      }
      if (s.withdrawalMaxMicrocents < s.withdrawalMinMicrocents) {
        ctx.addIssue({
          code: "custom",
          path: ["withdrawalMaxMicrocents"],
          message: "Must be at least the withdrawal minimum",
        });
      }
    }),
  );
export type Settings = z.output<typeof settingsSchema>;
/**
 * Settings as an admin edits them: the record plus its revision, which goes up by one on every
 * save. A save names the revision it started from and is refused when another save came first.
 */
const revision = z.int().check(z.positive());
export const adminSettingsSchema = z.intersection(settingsSchema, z.object({ revision }));
export type AdminSettings = z.output<typeof adminSettingsSchema>;
export const settingsUpdateSchema = z.intersection(
  settingsSchema,
  z.object({ revision: revision.check(z.describe("The revision the edit started from (from GET)")) }),
);
export type SettingsUpdate = z.input<typeof settingsUpdateSchema>;

/** What every member may read. */
export const publicSettingsSchema = z.object({
  menuContact: z.boolean(),
  /** The smallest deposit, so Add Balance can say it before the member sends. */
  depositMinMicrocents: microcentsSchema,
  /** Units per 1 USD: `value` for display, `decimal` exactly as set (what a rate quote carries). */
  rates: z.array(z.object({ name: z.enum(RATE_CURRENCIES), value: z.number(), decimal: z.string() })),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;
export const ratesResponseSchema = z.array(z.object({ name: z.string(), value: z.number() }));

export function ratesOf(settings: Settings): PublicSettings["rates"] {
  return RATE_CURRENCIES.map((name) => ({
    name,
    value: Number(settings[`rate${name}`]),
    decimal: settings[`rate${name}`],
  }));
}

/** The current rate of `currency` as a quote (USD is "1"): what a local amount must be typed at. */
export function currentQuote(settings: Settings, currency: Currency): RateQuote {
  return { currency, rate: currency === "USD" ? "1" : settings[`rate${currency}`] };
}
