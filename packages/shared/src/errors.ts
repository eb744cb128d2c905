import { rateQuoteSchema } from "./local-amount.ts";
import { z } from "./zod.ts";

/** Machine-readable error codes every client can switch on. */
export const ERROR_CODES = [
  "VALIDATION_FAILED",
  "UNAUTHENTICATED",
  "EMAIL_NOT_VERIFIED",
  "ACCOUNT_BLOCKED",
  "ACCOUNT_BANNED",
  /** The member closed their account: no sign-in, no call. */
  "ACCOUNT_CLOSED",
  /** Closing the account waits for money, a withdrawal or a contract (each named). */
  "CLOSURE_BLOCKED",
  "FORBIDDEN",
  /** A back-office operation the staff member's roles do not include. */
  "STAFF_ROLE_REQUIRED",
  /** A disabled staff account: no back-office operation at all. */
  "STAFF_DISABLED",
  /** A staff account sets up two-factor before any back-office call. */
  "TWO_FACTOR_SETUP_REQUIRED",
  /** Four eyes: the same staff member cannot give both approvals of a large money movement. */
  "SECOND_APPROVER_REQUIRED",
  /** A Real contract that would raise the house's worst case on its pair past the pair's cap. */
  "EXPOSURE_LIMIT",
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
  /** An admin has locked the member to Practice: no switch to Real. */
  "TRADING_MODE_LOCKED",
  /** Real trading needs money in the wallet. */
  "REAL_BALANCE_REQUIRED",
  "TWO_FACTOR_REQUIRED",
  "TWO_FACTOR_INVALID",
  /** A local amount's rate is no longer the current one: the error carries the new `quote`. */
  "RATE_CHANGED",
  /** An admin signed in as the member may look, never change money or security. */
  "IMPERSONATION_READ_ONLY",
  /** Withdrawals wait after a change of bank data: the error names `holdUntil` in its message. */
  "WITHDRAWAL_HOLD",
  /** The member froze money out (a bank change they did not make) until support lifts it. */
  "ACCOUNT_FROZEN",
  /** A limit the member set on themselves (stake, loss, deposits, open contracts, session) refuses it. */
  "LIMIT_REACHED",
  /** The member's timeout or self-exclusion is in force: no Real trades, deposits or package purchases until it ends. */
  "ON_BREAK",
  /** The terms changed since the member accepted them: no Real trades, deposits, withdrawals, packages or fund moves until they accept the new ones. */
  "TERMS_NOT_ACCEPTED",
  /** An acceptance named a terms version that is not the one in force (field `version`). */
  "TERMS_VERSION_NOT_IN_FORCE",
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
    fields: z.optional(z.array(fieldErrorSchema)),
    /** With RATE_CHANGED: the rate now in force, to show the member before they send again. */
    quote: z.optional(rateQuoteSchema),
  }),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
