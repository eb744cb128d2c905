import { z } from "zod";
import { rateQuoteSchema } from "./local-amount.ts";

/** Machine-readable error codes every client can switch on. */
export const ERROR_CODES = [
  "VALIDATION_FAILED",
  "UNAUTHENTICATED",
  "EMAIL_NOT_VERIFIED",
  "ACCOUNT_BLOCKED",
  "ACCOUNT_BANNED",
  "FORBIDDEN",
  "NOT_FOUND",
  "CONFLICT",
  "RATE_LIMITED",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_FILE",
  /** A body in a format the route does not read (form-encoded where JSON is expected, say). */
  "UNSUPPORTED_MEDIA_TYPE",
  "INVALID_TOKEN",
  "INSUFFICIENT_FUNDS",
  "IDEMPOTENCY_CONFLICT",
  "KYC_REQUIRED",
  "BANK_DATA_REQUIRED",
  "TWO_FACTOR_REQUIRED",
  "TWO_FACTOR_INVALID",
  /** A local amount's rate is no longer the current one: the error carries the new `quote`. */
  "RATE_CHANGED",
  /** A limit the member set on themselves (stake, loss, deposits, open contracts, session) refuses it. */
  "LIMIT_REACHED",
  /** The member's timeout or self-exclusion is in force: no Real trades, deposits or package purchases until it ends. */
  "ON_BREAK",
  /** A part we depend on (file storage, …) is down for now: the same request may work later. */
  "UNAVAILABLE",
  "INTERNAL",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export const errorResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.array(fieldErrorSchema).optional(),
    /** With RATE_CHANGED: the rate now in force, to show the member before they send again. */
    quote: rateQuoteSchema.optional(),
  }),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
