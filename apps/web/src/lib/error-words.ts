import { i18n, type MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { wordMoneyMessage } from "./money-error-words.ts";

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
  ACCOUNT_CLOSED: msg`This account has been closed. Write to support if you need help.`,
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
  // Helio's codes whose message is always the same (packages/shared/src/errors.ts)
  IMPERSONATION_READ_ONLY: msg`An admin signed in as this member can look but not change money, payout or security settings.`,
  EMAIL_NOT_VERIFIED: msg`Verify your email first.`,
  KYC_REQUIRED: msg`Verify your identity (KYC) before withdrawing.`,
  BANK_DATA_REQUIRED: msg`Add your bank account before withdrawing.`,
  TERMS_NOT_ACCEPTED: msg`Our terms have changed: accept the new terms before you trade with real money, deposit, withdraw, buy packages or move funds.`,
  TERMS_VERSION_NOT_IN_FORCE: msg`The terms changed again while you were reading. Read the latest terms and accept them.`,
  UNAVAILABLE: msg`File storage is not reachable right now. Please try again in a moment.`,
};

/**
 * The server's messages of codes that carry several (ACCOUNT_FROZEN, ACCOUNT_BLOCKED,
 * RATE_LIMITED…), by their English text; the back office's own messages are left as they are.
 */
export const SERVER_WORDS: Record<string, MessageDescriptor> = {
  "Your account is frozen: no money can leave it until support lifts it.": msg`Your account is frozen: no money can leave it until support lifts it.`,
  "Your account has been blocked.": msg`Your account has been blocked.`,
  "Your account has been banned.": msg`Your account has been banned.`,
  "Account disabled.": msg`Account disabled.`,
  "This account cannot invest.": msg`This account cannot invest.`,
  "This account cannot trade.": msg`This account cannot trade.`,
  "Too many messages. Try again in a few seconds.": msg`Too many messages. Try again in a few seconds.`,
  "Too many messages. Wait a few seconds and try again.": msg`Too many messages. Wait a few seconds and try again.`,
  "Something went wrong. Please try again.": msg`Something went wrong. Please try again.`,
  "Something went wrong. Try again.": msg`Something went wrong. Try again.`,
  "The image is larger than 5 MB.": msg`The image is larger than 5 MB.`,
  "The photo is larger than 2 MB.": msg`The photo is larger than 2 MB.`,
  "The message was not sent.": msg`The message was not sent.`,
  // The trade screen's stake taken from an account that holds less.
  "Insufficient funds in wallet.": msg`Insufficient funds in wallet.`,
  "Insufficient funds in demo.": msg`Insufficient funds in demo.`,
  // INVALID_TOKEN of a withdrawal's confirmation link (better-auth's INVALID_TOKEN words its own links)
  "This confirmation link has been used or is not valid.": msg`This confirmation link has been used or is not valid.`,
  // INVALID_TOKEN of the freeze link and the two-factor reset link
  "This link has expired or is not valid. Write to support if you need help.": msg`This link has expired or is not valid. Write to support if you need help.`,
  "This link is used or expired. Ask support for a new one.": msg`This link is used or expired. Ask support for a new one.`,
  // CONFLICT of a KYC sent twice
  "Your identity is already verified.": msg`Your identity is already verified.`,
  "Your documents are already under review.": msg`Your documents are already under review.`,
};

/** Server messages that carry a value (a date, a rate), worded with the value kept as the server wrote it. */
const SERVER_PATTERNS: { pattern: RegExp; words: (match: RegExpMatchArray) => string }[] = [
  {
    // WITHDRAWAL_HOLD: the date and time stay as written (UTC, Latin digits).
    pattern: /^Your bank account was changed recently\. For your safety, withdrawals are paused until (.+)\.$/,
    words: ([, until = ""]) =>
      i18n._(msg`Your bank account was changed recently. For your safety, withdrawals are paused until ${until}.`),
  },
  {
    // CONFLICT of a break asked for while a longer one is in force: the date stays as written.
    pattern: /^You are already on a break until (.+); a new one must end later\.$/,
    words: ([, until = ""]) => i18n._(msg`You are already on a break until ${until}; a new one must end later.`),
  },
  {
    // RATE_CHANGED
    pattern: /^The rate changed from (.+) to (.+)\. Check the amount in USD and send again\.$/,
    words: ([, from = "", to = ""]) =>
      i18n._(msg`The rate changed from ${from} to ${to}. Check the amount in USD and send again.`),
  },
  // The trade screen's refusals (trading and protection on the server).
  {
    pattern:
      /^(\S+) takes no more Real contracts of this size right now: the house's limit on the pair is reached\. Try a smaller stake or another pair\.$/,
    words: ([, pair = ""]) =>
      i18n._(
        msg`${pair} takes no more Real contracts of this size right now: the house's limit on the pair is reached. Try a smaller stake or another pair.`,
      ),
  },
  {
    pattern: /^At most (\d+) open contracts at a time\.$/,
    words: ([, count = ""]) => i18n._(msg`At most ${count} open contracts at a time.`),
  },
  {
    pattern: /^Your limit is (\d+) open contracts at a time\.$/,
    words: ([, count = ""]) => i18n._(msg`Your limit is ${count} open contracts at a time.`),
  },
  {
    pattern: /^Your limit for one stake is (.+)\.$/,
    words: ([, limit = ""]) => i18n._(msg`Your limit for one stake is ${limit}.`),
  },
  {
    pattern: /^Your trading session limit of (\d+) minutes is reached: sign in again later\.$/,
    words: ([, minutes = ""]) =>
      i18n._(msg`Your trading session limit of ${minutes} minutes is reached: sign in again later.`),
  },
  {
    pattern: /^Your (24-hour|7-day|30-day) (stake|loss) limit is (.+); (.+) of it is left\.$/,
    words: ([, period = "", kind = "", limit = "", left = ""]) => {
      if (kind === "stake") {
        if (period === "24-hour") return i18n._(msg`Your 24-hour stake limit is ${limit}; ${left} of it is left.`);
        if (period === "7-day") return i18n._(msg`Your 7-day stake limit is ${limit}; ${left} of it is left.`);
        return i18n._(msg`Your 30-day stake limit is ${limit}; ${left} of it is left.`);
      }
      if (period === "24-hour") return i18n._(msg`Your 24-hour loss limit is ${limit}; ${left} of it is left.`);
      if (period === "7-day") return i18n._(msg`Your 7-day loss limit is ${limit}; ${left} of it is left.`);
      return i18n._(msg`Your 30-day loss limit is ${limit}; ${left} of it is left.`);
    },
  },
  {
    pattern:
      /^You have (excluded yourself|taken a timeout) until (.+): no Real trades, deposits or packages until then\.$/,
    words: ([, what = "", until = ""]) =>
      what === "excluded yourself"
        ? i18n._(msg`You have excluded yourself until ${until}: no Real trades, deposits or packages until then.`)
        : i18n._(msg`You are on a timeout until ${until}: no Real trades, deposits or packages until then.`),
  },
];

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
  "Enter your current password": msg`Enter your current password`,
  "Choose a password different from the current one": msg`Choose a password different from the current one`,
  "Enter the 6-digit code from your app.": msg`Enter the 6-digit code from your app.`,
  // the server's field messages
  "More than your wallet balance": msg`More than your wallet balance`,
  "Must be a JPEG, PNG or WebP image": msg`Must be a JPEG, PNG or WebP image`,
  "The file is empty": msg`The file is empty`,
  "The file is too large": msg`The file is too large`,
  "The image could not be read": msg`The image could not be read`,
  "The code is wrong or expired": msg`The code is wrong or expired`,
  "Enter the code from your authenticator app": msg`Enter the code from your authenticator app`,
  "Accept the terms to open an account": msg`Accept the terms to open an account`,
  "Confirm that you are 18 or older": msg`Confirm that you are 18 or older`,
  "Wrong password": msg`Wrong password`,
  "Does not match the amount on the invoice": msg`Does not match the amount on the invoice`,
  // the identity (KYC) and bank forms' shared schemas
  "At least 2 characters": msg`At least 2 characters`,
  "At most 100 characters": msg`At most 100 characters`,
  "Enter your date of birth": msg`Enter your date of birth`,
  "A date like 1990-12-31": msg`A date like 1990-12-31`,
  "You must be at least 18 years old": msg`You must be at least 18 years old`,
  "Enter your real date of birth": msg`Enter your real date of birth`,
  "Choose your country": msg`Choose your country`,
  "3 to 40 letters, digits, spaces or hyphens": msg`3 to 40 letters, digits, spaces or hyphens`,
  "4 to 34 letters or digits": msg`4 to 34 letters or digits`,
  "A SWIFT/BIC code has 8 or 11 characters": msg`A SWIFT/BIC code has 8 or 11 characters`,
  "Attach an image": msg`Attach an image`,
  "Attach the front of your ID": msg`Attach the front of your ID`,
  "Attach the back of your ID": msg`Attach the back of your ID`,
  "Attach a selfie holding your ID": msg`Attach a selfie holding your ID`,
  "This duration is not available": msg`This duration is not available`,
  "The market for this pair is not available right now (no recent price)": msg`The market for this pair is not available right now (no recent price)`,
};

/**
 * An API error in the member's words: by the server's exact text (SERVER_WORDS), by its code,
 * by a field message's text (FIELD_WORDS); a 5xx answered without a body of ours (`HTTP_5xx`) as
 * any server failure; a message with a value by its pattern (SERVER_PATTERNS); else the server's text.
 */
export function wordError(code: string, status: number, serverMessage: string): string {
  const words =
    SERVER_WORDS[serverMessage] ??
    ERROR_WORDS[code] ??
    FIELD_WORDS[serverMessage] ??
    (status >= 500 && code.startsWith("HTTP_") ? ERROR_WORDS.HTTP_500 : undefined);
  if (words) return i18n._(words);
  for (const { pattern, words: word } of SERVER_PATTERNS) {
    const match = serverMessage.match(pattern);
    if (match) return word(match);
  }
  return wordMoneyMessage(serverMessage) ?? serverMessage;
}

/** A field's error in the member's words (a shared schema's message or a server field error). */
export function wordFieldError(message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  const words = FIELD_WORDS[message];
  return words ? i18n._(words) : (wordMoneyMessage(message) ?? message);
}
