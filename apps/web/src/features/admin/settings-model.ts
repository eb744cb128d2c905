import {
  DECIMAL_AMOUNT,
  decimalString,
  MAX_AMOUNT_MICROCENTS,
  maxAmountMessage,
  microcentsToDecimal,
  parseDecimalToMicrocents,
  RATE_CURRENCIES,
  type RateCurrency,
  type Settings,
  type TransferInstructions,
} from "@helio/shared";
import { z } from "@helio/shared/zod";
import { bpsToPercent, percentToBps } from "../../lib/percent.ts";

/**
 * The settings editor works on text (what the admin types); money is typed in USD (`10.00`) and
 * the fee in percent (`1.5`), converted exactly (no floating point) to microcents and basis points.
 * Field names are the settings keys, so the server's field errors land on the right input.
 */
const usd = (what: string) =>
  z.string().check(
    z.trim(),
    z.regex(DECIMAL_AMOUNT, `${what}: an amount like 10.00`),
    z.refine((v) => {
      const amount = parseDecimalToMicrocents(v);
      return amount !== null && amount <= MAX_AMOUNT_MICROCENTS;
    }, maxAmountMessage()),
  );

const percent = z.string().check(
  z.trim(),
  z.regex(/^\d{1,2}(\.\d{1,2})?$/, "A percentage like 5 or 2.5 (at most 2 decimals)"),
  z.refine((v) => (percentToBps(v) ?? Number.POSITIVE_INFINITY) <= 5_000, "At most 50%"),
);

/** Basis points as the percentage typed: 500 → "5", 250 → "2.5", 125 → "1.25". */
const percentText = (bps: number) => bpsToPercent(bps).replace(/(\.\d)0$/, "$1");

const instructionsForm = z.object({
  bankName: z.string().check(z.trim(), z.maxLength(100, "At most 100 characters")),
  accountName: z.string().check(z.trim(), z.maxLength(100, "At most 100 characters")),
  accountNumber: z.string().check(z.trim(), z.maxLength(60, "At most 60 characters")),
  notes: z.string().check(z.trim(), z.maxLength(1000, "At most 1000 characters")),
});
type InstructionsForm = z.input<typeof instructionsForm>;
const EMPTY_INSTRUCTIONS: InstructionsForm = { bankName: "", accountName: "", accountNumber: "", notes: "" };

const trimmedInstructions = (i: InstructionsForm): TransferInstructions => ({
  bankName: i.bankName.trim(),
  accountName: i.accountName.trim(),
  accountNumber: i.accountNumber.trim(),
  notes: i.notes.trim(),
});

/** A currency's account as saved: none (the default account applies) while its bank, name and number are empty. */
function currencyInstructions(
  form: Record<RateCurrency, InstructionsForm>,
): Settings["transferInstructionsByCurrency"] {
  const kept: Settings["transferInstructionsByCurrency"] = {};
  for (const currency of RATE_CURRENCIES) {
    const i = trimmedInstructions(form[currency]);
    if (i.bankName || i.accountName || i.accountNumber) kept[currency] = i;
  }
  return kept;
}

export const settingsFormSchema = z
  .object({
    menuContact: z.boolean(),
    rateMYR: decimalString,
    rateIDR: decimalString,
    rateSGD: decimalString,
    rateBND: decimalString,
    rateKRW: decimalString,
    rateJPY: decimalString,
    rateEUR: decimalString,
    rateBHD: decimalString,
    depositMinMicrocents: usd("Deposit minimum"),
    withdrawalMinMicrocents: usd("Withdrawal minimum"),
    withdrawalMaxMicrocents: usd("Withdrawal maximum"),
    withdrawalFeeBps: z.string().check(
      z.trim(),
      z.regex(/^\d{1,2}(\.\d{1,2})?$/, "A percentage like 1.5 (at most 2 decimals)"),
      z.refine((v) => (percentToBps(v) ?? Number.POSITIVE_INFINITY) <= 5_000, "At most 50%"),
    ),
    withdrawalFeeFlatMicrocents: usd("Flat fee"),
    withdrawalHoldHoursAfterBankChange: z.string().check(
      z.trim(),
      z.regex(/^\d{1,3}$/, "Whole hours"),
      z.refine((v) => Number(v) <= 720, "At most 720 hours (30 days)"),
    ),
    supportEmail: z.union([z.literal(""), z.email("An e-mail address").check(z.maxLength(200))]),
    withdrawalSecondApprovalMicrocents: usd("Withdrawals above"),
    adjustmentSecondApprovalMicrocents: usd("Adjustments above"),
    invoiceExpiryMinutes: z.string().check(
      z.trim(),
      z.regex(/^\d{1,5}$/, "Whole minutes"),
      z.refine((v) => Number(v) >= 5 && Number(v) <= 43_200, "Between 5 minutes and 30 days (43200)"),
    ),
    // Investments and referrals: three commission percentages (2 decimals = basis points exactly),
    // the smallest fund → wallet move, and the accrual period (a demo may use seconds).
    referralCommissionBps: z.tuple([percent, percent, percent]),
    fundTransferMinMicrocents: usd("Fund transfer minimum"),
    investmentPeriodSeconds: z.string().check(
      z.trim(),
      z.regex(/^\d{1,7}$/, "Whole seconds"),
      z.refine((v) => Number(v) >= 10 && Number(v) <= 86_400 * 31, "Between 10 seconds and 31 days (2678400)"),
    ),
    transferInstructions: instructionsForm,
    // One account per currency; a currency left empty uses the default account above.
    transferInstructionsByCurrency: z.object(
      Object.fromEntries(RATE_CURRENCIES.map((c) => [c, instructionsForm])) as Record<
        RateCurrency,
        typeof instructionsForm
      >,
    ),
  })
  .check(
    z.superRefine((form, ctx) => {
      const min = parseDecimalToMicrocents(form.withdrawalMinMicrocents);
      const max = parseDecimalToMicrocents(form.withdrawalMaxMicrocents);
      if (min !== null && max !== null && max < min) {
        ctx.addIssue({
          code: "custom",
          path: ["withdrawalMaxMicrocents"],
          message: "Must be at least the withdrawal minimum",
        });
      }
    }),
  );
export type SettingsForm = z.input<typeof settingsFormSchema>;

export type RateField = `rate${RateCurrency}`;
export const RATE_FIELDS = RATE_CURRENCIES.map((c) => `rate${c}` as RateField);

/** Stored settings → the editor's text. */
export function settingsToForm(s: Settings): SettingsForm {
  return {
    menuContact: s.menuContact,
    rateMYR: s.rateMYR,
    rateIDR: s.rateIDR,
    rateSGD: s.rateSGD,
    rateBND: s.rateBND,
    rateKRW: s.rateKRW,
    rateJPY: s.rateJPY,
    rateEUR: s.rateEUR,
    rateBHD: s.rateBHD,
    depositMinMicrocents: microcentsToDecimal(s.depositMinMicrocents),
    withdrawalMinMicrocents: microcentsToDecimal(s.withdrawalMinMicrocents),
    withdrawalMaxMicrocents: microcentsToDecimal(s.withdrawalMaxMicrocents),
    withdrawalFeeBps: bpsToPercent(s.withdrawalFeeBps),
    withdrawalFeeFlatMicrocents: microcentsToDecimal(s.withdrawalFeeFlatMicrocents),
    withdrawalHoldHoursAfterBankChange: String(s.withdrawalHoldHoursAfterBankChange),
    supportEmail: s.supportEmail,
    withdrawalSecondApprovalMicrocents: microcentsToDecimal(s.withdrawalSecondApprovalMicrocents),
    adjustmentSecondApprovalMicrocents: microcentsToDecimal(s.adjustmentSecondApprovalMicrocents),
    invoiceExpiryMinutes: String(s.invoiceExpiryMinutes),
    referralCommissionBps: [
      percentText(s.referralCommissionBps[0] ?? 0),
      percentText(s.referralCommissionBps[1] ?? 0),
      percentText(s.referralCommissionBps[2] ?? 0),
    ],
    fundTransferMinMicrocents: microcentsToDecimal(s.fundTransferMinMicrocents),
    investmentPeriodSeconds: String(s.investmentPeriodSeconds),
    transferInstructions: { ...s.transferInstructions },
    transferInstructionsByCurrency: Object.fromEntries(
      RATE_CURRENCIES.map((c) => [c, { ...(s.transferInstructionsByCurrency[c] ?? EMPTY_INSTRUCTIONS) }]),
    ) as Record<RateCurrency, InstructionsForm>,
  };
}

/** The form is validated before it is converted: the fallbacks never apply. */
const microcents = (text: string) => parseDecimalToMicrocents(text) ?? 0n;
const bps = (text: string) => percentToBps(text) ?? 0;

/**
 * The editor's (validated) text → the settings to save. `base` is the stored record: the keys this
 * editor does not show (trading, …) are sent back unchanged, as the server replaces the whole record.
 */
export function formToSettings(form: SettingsForm, base: Settings): Settings {
  return {
    ...base,
    menuContact: form.menuContact,
    rateMYR: form.rateMYR.trim(),
    rateIDR: form.rateIDR.trim(),
    rateSGD: form.rateSGD.trim(),
    rateBND: form.rateBND.trim(),
    rateKRW: form.rateKRW.trim(),
    rateJPY: form.rateJPY.trim(),
    rateEUR: form.rateEUR.trim(),
    rateBHD: form.rateBHD.trim(),
    depositMinMicrocents: microcents(form.depositMinMicrocents),
    withdrawalMinMicrocents: microcents(form.withdrawalMinMicrocents),
    withdrawalMaxMicrocents: microcents(form.withdrawalMaxMicrocents),
    // A percentage with 2 decimals is exactly the basis points: "1.5" → 150.
    withdrawalFeeBps: bps(form.withdrawalFeeBps),
    withdrawalFeeFlatMicrocents: microcents(form.withdrawalFeeFlatMicrocents),
    withdrawalHoldHoursAfterBankChange: Number(form.withdrawalHoldHoursAfterBankChange.trim()),
    supportEmail: form.supportEmail.trim(),
    withdrawalSecondApprovalMicrocents: microcents(form.withdrawalSecondApprovalMicrocents),
    adjustmentSecondApprovalMicrocents: microcents(form.adjustmentSecondApprovalMicrocents),
    invoiceExpiryMinutes: Number(form.invoiceExpiryMinutes.trim()),
    referralCommissionBps: form.referralCommissionBps.map(bps),
    fundTransferMinMicrocents: microcents(form.fundTransferMinMicrocents),
    investmentPeriodSeconds: Number(form.investmentPeriodSeconds.trim()),
    transferInstructions: trimmedInstructions(form.transferInstructions),
    transferInstructionsByCurrency: currencyInstructions(form.transferInstructionsByCurrency),
  };
}
