import type { LegalTexts, Settings } from "@helio/shared";

/**
 * Helio's texts until the operator writes their own: English, the language an operator's legal
 * texts are written in (the pages around them are in the member's language).
 */
export const DEFAULT_LEGAL_TEXTS = {
  terms: [
    "These terms govern your use of Helio. By creating an account you confirm that you are at least 18 years old and that you accept them.",
    "Your account. Keep your password and two-factor codes to yourself. One account per person. We may ask you to verify your identity (KYC) before you withdraw.",
    "Trading. Fixed-time contracts pay the payout shown when you place them if the price moves in the direction you chose by the expiry, and nothing otherwise. Prices come from public markets; a contract without a usable price at expiry is void and its stake returned.",
    "Money. Amounts are kept in US dollars; other currencies are shown at the rates published in the app. Deposits, withdrawals and their fees follow the fee schedule.",
    "Limits and breaks. You may set limits on your stakes, losses, deposits and sessions, take a timeout or exclude yourself at any time.",
    "Closing your account. You may close your account from Security once no money remains, no withdrawal is pending and no contract is open. We keep the records the law requires after closure.",
    "Changes. When these terms change, their version changes; the version each member accepted is kept with the time they accepted it.",
  ].join("\n\n"),
  privacy: [
    "Helio processes your name, e-mail address, username, identity documents, bank details, sign-in history and trading and payment records to run your account, to meet anti-money-laundering and record-keeping duties and to keep the service secure.",
    "We share personal data only with the providers that host and run the service and with authorities where the law requires it.",
    "We keep your records for as long as the law requires, including after your account is closed.",
    "You may ask for a copy of your data or for a correction by writing to support.",
  ].join("\n\n"),
  risk: [
    "Trading fixed-time contracts carries a high level of risk and may not be suitable for everyone. You can lose the whole stake of every contract you place.",
    "Past results do not predict future ones. Only trade with money you can afford to lose. If trading stops being fun, set limits, take a timeout or exclude yourself from Security.",
  ].join("\n\n"),
  fees: "The fees below are taken from the platform's current settings. Trading has no fee besides the stake: a winning contract pays its stake plus the payout percentage shown on the order.",
} as const satisfies LegalTexts;

/** The settings with every empty legal text read as Helio's default. */
export function withLegalDefaults<S extends Pick<Settings, "legalTexts">>(settings: S): S {
  const t = settings.legalTexts;
  return {
    ...settings,
    legalTexts: {
      terms: t.terms || DEFAULT_LEGAL_TEXTS.terms,
      privacy: t.privacy || DEFAULT_LEGAL_TEXTS.privacy,
      risk: t.risk || DEFAULT_LEGAL_TEXTS.risk,
      fees: t.fees || DEFAULT_LEGAL_TEXTS.fees,
    },
  };
}
