import { i18n, type MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/**
 * The member's words for what the server and the shared schemas say in English. The API keeps its
 * machine codes (`error.code`) and field names; the web words them here, in the member's language
 * (docs/architecture.md, "Languages"). To word a new code, add it to ERROR_WORDS; to word a
 * validation message of a shared zod schema (or a server field error), add its English text to
 * FIELD_WORDS. What is not listed is shown as the server wrote it.
 */
export const ERROR_WORDS: Record<string, MessageDescriptor> = {
  NETWORK: msg`Cannot reach the server. Check your connection and try again.`,
  HTTP_401: msg`Please sign in again.`,
  HTTP_403: msg`You are not allowed to do that.`,
  HTTP_404: msg`Not found.`,
  HTTP_413: msg`The file is too large.`,
  HTTP_429: msg`Too many attempts. Please wait a moment and try again.`,
  HTTP_500: msg`Something went wrong on our side. Please try again.`,
  BAD_RESPONSE: msg`The server sent an unexpected answer.`,
  UNKNOWN: msg`Something went wrong. Please try again.`,
  UNAUTHENTICATED: msg`Sign in to continue.`,
  TRADING_MODE_LOCKED: msg`Helio has set your account to Practice: real-money trading is locked. Contact support.`,
  REAL_BALANCE_REQUIRED: msg`Real trading opens once your wallet holds money.`,
  // better-auth's codes (lib/auth-errors.ts)
  INVALID_EMAIL_OR_PASSWORD: msg`Wrong email or password.`,
  INVALID_USERNAME_OR_PASSWORD: msg`Wrong username or password.`,
  INVALID_PASSWORD: msg`The password is not correct.`,
  INVALID_CODE: msg`That code is not valid. Try again.`,
  INVALID_TWO_FACTOR_COOKIE: msg`The sign-in step expired. Please sign in again.`,
  INVALID_BACKUP_CODE: msg`That backup code is not valid.`,
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: msg`Too many attempts. Please sign in again.`,
  INVALID_TOKEN: msg`The link is invalid or has expired.`,
  PASSWORD_TOO_SHORT: msg`The password is too short (at least 10 characters).`,
  SESSION_EXPIRED: msg`Your session is too old for this. Please sign out and sign in again.`,
};

/** Validation messages of the shared schemas (packages/shared) and the forms, by their English text. */
export const FIELD_WORDS: Record<string, MessageDescriptor> = {
  Required: msg`Required`,
  "Enter a valid email": msg`Enter a valid email`,
  "Enter your email or username": msg`Enter your email or username`,
  "Enter your password": msg`Enter your password`,
  "At least 10 characters": msg`At least 10 characters`,
  "At most 128 characters": msg`At most 128 characters`,
  "At most 60 characters": msg`At most 60 characters`,
  "3 to 20 characters: a-z, 0-9 and _": msg`3 to 20 characters: a-z, 0-9 and _`,
  "The 6-digit code from your authenticator app": msg`The 6-digit code from your authenticator app`,
  "The passwords do not match": msg`The passwords do not match`,
  "Enter the 6-digit code": msg`Enter the 6-digit code`,
  "Enter one of your backup codes": msg`Enter one of your backup codes`,
  "Enter your password.": msg`Enter your password.`,
};

/**
 * An API error in the member's words: by its code; a 5xx answered without a body of ours (`HTTP_5xx`)
 * as any server failure; else the server's text.
 */
export function wordError(code: string, status: number, serverMessage: string): string {
  const words = ERROR_WORDS[code] ?? (status >= 500 && code.startsWith("HTTP_") ? ERROR_WORDS.HTTP_500 : undefined);
  return words ? i18n._(words) : serverMessage;
}

/** A field's error in the member's words (a shared schema's message or a server field error). */
export function wordFieldError(message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  const words = FIELD_WORDS[message];
  return words ? i18n._(words) : message;
}
