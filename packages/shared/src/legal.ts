import { z } from "zod";
import { text } from "./text.ts";

/** The documents a regulated platform shows before anyone trades, each on its own public page. */
export const LEGAL_DOCUMENTS = ["terms", "privacy", "risk", "fees"] as const;
export type LegalDocument = (typeof LEGAL_DOCUMENTS)[number];

/**
 * The texts the operator sets in the back office. Empty means Helio's default text (English, kept
 * on the server so the web app does not carry it), which the settings are read with.
 */
const legalText = text({ multiline: true }).trim().max(40_000, "At most 40,000 characters").default("");

export const legalTextsSchema = z.object({ terms: legalText, privacy: legalText, risk: legalText, fees: legalText });
export type LegalTexts = z.output<typeof legalTextsSchema>;

/** The figures of the fee schedule, read from the live settings (USD cents, basis points, %). */
export const feeScheduleSchema = z.object({
  depositMinCents: z.number().int(),
  withdrawalMinCents: z.number().int(),
  withdrawalMaxCents: z.number().int(),
  withdrawalFeeBps: z.number().int(),
  withdrawalFeeFlatCents: z.number().int(),
  tradeMinCents: z.number().int(),
  tradeMaxCents: z.number().int(),
  tradePayoutPercentDefault: z.number().int(),
  tradePayoutPercent: z.record(z.string(), z.number().int()),
  fundTransferMinCents: z.number().int(),
});
export type FeeSchedule = z.infer<typeof feeScheduleSchema>;

/** `GET /api/legal`: every document's text, the terms' version and the fee schedule; no sign-in needed. */
export const legalDocumentsSchema = z.object({
  texts: z.object({ terms: z.string(), privacy: z.string(), risk: z.string(), fees: z.string() }),
  termsVersion: z.number().int().positive(),
  fees: feeScheduleSchema,
});
export type LegalDocuments = z.infer<typeof legalDocumentsSchema>;
