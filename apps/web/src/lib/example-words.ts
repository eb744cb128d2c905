import { i18n, type MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/**
 * The texts a new install ships as examples (the three starter packages of the migration that
 * creates them, the transfer instructions' note of EXAMPLE_TRANSFER_INSTRUCTIONS), in the member's
 * language. An admin's own wording is shown as written: only the shipped English is matched.
 */
const EXAMPLES: Record<string, MessageDescriptor> = {
  Starter: msg`Starter`,
  Growth: msg`Growth`,
  Premium: msg`Premium`,
  "A short first step, capital back at the end.": msg`A short first step, capital back at the end.`,
  "Capital back at the end.": msg`Capital back at the end.`,
  "The profit is the whole return (the capital is not returned).": msg`The profit is the whole return (the capital is not returned).`,
  "Put the invoice reference in the transfer description.": msg`Put the invoice reference in the transfer description.`,
};

/** `text` in the member's language when it is one of the shipped examples, else as it is. */
export function exampleText(text: string): string {
  const words = Object.hasOwn(EXAMPLES, text) ? EXAMPLES[text] : undefined;
  return words ? i18n._(words) : text;
}
