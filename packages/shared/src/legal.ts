import { text } from "./text.ts";
import { microcentsSchema } from "./wallet.ts";
import { z } from "./zod.ts";

/** The documents a regulated platform shows before anyone trades, each on its own public page. */
export const LEGAL_DOCUMENTS = ["terms", "privacy", "risk", "fees"] as const;
export type LegalDocument = (typeof LEGAL_DOCUMENTS)[number];

/**
 * The texts the operator sets in the back office. Empty means Helio's default text (English, kept
 * on the server so the web app does not carry it), which the settings are read with.
 */
const legalText = z._default(
  text({ multiline: true }).check(z.trim(), z.maxLength(40_000, "At most 40,000 characters")),
  "",
);

export const legalTextsSchema = z.object({ terms: legalText, privacy: legalText, risk: legalText, fees: legalText });
export type LegalTexts = z.output<typeof legalTextsSchema>;

/** The figures of the fee schedule, read from the live settings (USD microcents, basis points, %). */
export const feeScheduleSchema = z.object({
  depositMinMicrocents: microcentsSchema,
  withdrawalMinMicrocents: microcentsSchema,
  withdrawalMaxMicrocents: microcentsSchema,
  withdrawalFeeBps: z.int(),
  withdrawalFeeFlatMicrocents: microcentsSchema,
  tradeMinMicrocents: microcentsSchema,
  tradeMaxMicrocents: microcentsSchema,
  tradePayoutPercentDefault: z.int(),
  tradePayoutPercent: z.record(z.string(), z.int()),
  fundTransferMinMicrocents: microcentsSchema,
});
export type FeeSchedule = z.infer<typeof feeScheduleSchema>;

/** `GET /api/legal`: every document's text, the terms' version and the fee schedule; no sign-in needed. */
export const legalDocumentsSchema = z.object({
  texts: z.object({ terms: z.string(), privacy: z.string(), risk: z.string(), fees: z.string() }),
  termsVersion: z.int().check(z.positive()),
  fees: feeScheduleSchema,
});
export type LegalDocuments = z.infer<typeof legalDocumentsSchema>;
