import { i18n, type MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/**
 * The money endpoints' refusals (deposits, withdrawals, investments, funds; apps/server/src/modules)
 * in the member's words, by their English text; amounts, fees and limits stay as the server wrote
 * them. Read by lib/error-words.ts for errors and field errors alike.
 */
const MONEY_WORDS: Record<string, MessageDescriptor> = {
  "Insufficient funds in wallet.": msg`Insufficient funds in wallet.`,
  "Insufficient funds in profit.": msg`Insufficient funds in profit.`,
  "Insufficient funds in bonus.": msg`Insufficient funds in bonus.`,
  "This invoice has expired. Create a new one.": msg`This invoice has expired. Create a new one.`,
  "This package is not available": msg`This package is not available`,
  "This confirmation link has expired. The amount is back in your wallet.": msg`This confirmation link has expired. The amount is back in your wallet.`,
  "Attach the proof of payment": msg`Attach the proof of payment`,
  "Enter an amount like 12.34": msg`Enter an amount like 12.34`,
  "Cannot be negative": msg`Cannot be negative`,
  "More than the profit fund holds": msg`More than the profit fund holds`,
  "More than the bonus fund holds": msg`More than the bonus fund holds`,
  "Nothing to move: the profit fund is empty": msg`Nothing to move: the profit fund is empty`,
  "Nothing to move: the bonus fund is empty": msg`Nothing to move: the bonus fund is empty`,
  "This withdrawal is not confirmed by the member yet.": msg`This withdrawal is not confirmed yet.`,
  "This withdrawal is already approved.": msg`This withdrawal is already paid out.`,
  "This withdrawal is already rejected.": msg`This withdrawal is already rejected.`,
  "This withdrawal is already cancelled.": msg`This withdrawal is already cancelled.`,
  "This deposit is already approved.": msg`This deposit is already approved.`,
  "This deposit is already rejected.": msg`This deposit is already rejected.`,
  "This deposit is already expired.": msg`This deposit has already expired.`,
};

/** Refusals that carry an amount (in USD, and in the member's currency beside it). */
const MONEY_PATTERNS: { pattern: RegExp; words: (value: string) => string }[] = [
  { pattern: /^At least (.+)$/, words: (minimum) => i18n._(msg`At least ${minimum}`) },
  { pattern: /^At most (.+)$/, words: (maximum) => i18n._(msg`At most ${maximum}`) },
  { pattern: /^The minimum deposit is (.+)$/, words: (minimum) => i18n._(msg`The minimum deposit is ${minimum}`) },
  {
    pattern: /^The minimum withdrawal is (.+)$/,
    words: (minimum) => i18n._(msg`The minimum withdrawal is ${minimum}`),
  },
  {
    pattern: /^The maximum withdrawal is (.+)$/,
    words: (maximum) => i18n._(msg`The maximum withdrawal is ${maximum}`),
  },
  {
    pattern: /^The amount does not cover the fee of (.+)$/,
    words: (feeText) => i18n._(msg`The amount does not cover the fee of ${feeText}`),
  },
];

/** A money refusal in the member's words, or undefined when it is not one of them. */
export function wordMoneyMessage(message: string): string | undefined {
  const words = Object.hasOwn(MONEY_WORDS, message) ? MONEY_WORDS[message] : undefined;
  if (words) return i18n._(words);
  for (const { pattern, words: word } of MONEY_PATTERNS) {
    const value = pattern.exec(message)?.[1];
    if (value !== undefined) return word(value);
  }
  return undefined;
}
