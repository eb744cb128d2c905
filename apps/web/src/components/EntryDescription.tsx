import type { TransactionKind } from "@helio/shared";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { exampleText } from "../lib/example-words.ts";

type Entry = { kind: TransactionKind; memo: string | null; reference: { type: string; id: string } | null };

/** A reference or code: left to right, and never translated. */
const Code = ({ children }: { children: string }) => (
  <bdi dir="ltr" translate="no">
    {children}
  </bdi>
);

/** The memos the server writes in English (apps/server/src/modules), word for word. */
const FIXED_MEMOS: Record<string, MessageDescriptor> = {
  "Withdrawal requested": msg`Withdrawal requested`,
  "Withdrawal not confirmed in time": msg`Withdrawal not confirmed in time`,
  "Withdrawal rejected": msg`Withdrawal rejected`,
  "Withdrawal cancelled": msg`Withdrawal cancelled`,
  "Capital returned at maturity": msg`Capital returned at maturity`,
  "Demo balance reset": msg`Demo balance reset`,
  "Demo balance reset by an admin": msg`Demo balance reset by an admin`,
  "From profit to wallet": msg`From profit to wallet`,
  "From profit to wallet (all)": msg`From profit to wallet (all)`,
  "From bonus to wallet": msg`From bonus to wallet`,
  "From bonus to wallet (all)": msg`From bonus to wallet (all)`,
};

/** A trade payout's memo is the contract's result. */
const TRADE_RESULTS: Record<string, MessageDescriptor> = {
  win: msg`Trade won`,
  equal: msg`Trade closed level`,
  void: msg`Trade void (no price at expiry)`,
};

/** What a reference's type is called before its short id ("Deposit 1a2b3c4d"). */
const REFERENCE_TYPES: Record<string, MessageDescriptor> = {
  deposit: msg`Deposit`,
  withdrawal: msg`Withdrawal`,
  investment: msg`Investment`,
  trade: msg`Trade`,
  fund: msg`Fund`,
};

/**
 * What a ledger entry's description column says, in the member's language: the server's memo
 * (stored in English) worded from the entry's kind and the memo's figures, an admin's reason as
 * written, else the business reference ("—" for none).
 */
export function EntryDescription({ entry }: { entry: Entry }): ReactNode {
  const { i18n } = useLingui();
  const memo = entry.memo;
  if (memo) {
    const fixed = Object.hasOwn(FIXED_MEMOS, memo) ? FIXED_MEMOS[memo] : undefined;
    if (fixed) return i18n._(fixed);
    const result =
      entry.kind === "trade_payout" && Object.hasOwn(TRADE_RESULTS, memo) ? TRADE_RESULTS[memo] : undefined;
    if (result) return i18n._(result);
    const level = /^Level (\d+) referral commission$/.exec(memo)?.[1];
    if (entry.kind === "commission" && level) return <Trans>Level {level} referral commission</Trans>;
    const period = /^Period (\d+) of (\d+)$/.exec(memo);
    if (entry.kind === "profit" && period) {
      const [, paid, of] = period;
      return (
        <Trans>
          Period {paid} of {of}
        </Trans>
      );
    }
    const deposit = /^Deposit (\S+)$/.exec(memo)?.[1];
    if (entry.kind === "deposit" && deposit) {
      return (
        <Trans>
          Deposit <Code>{deposit}</Code>
        </Trans>
      );
    }
    const payout = /^Withdrawal paid out \((.*)\)$/.exec(memo)?.[1];
    if (entry.kind === "withdrawal" && payout !== undefined) {
      return (
        <Trans>
          Withdrawal paid out (<Code>{payout}</Code>)
        </Trans>
      );
    }
    // An investment's memo is its package's name; an adjustment's, the admin's reason.
    return exampleText(memo);
  }
  const reference = entry.reference;
  if (!reference || reference.type === "user") return "—";
  const id = reference.id.length > 12 ? reference.id.slice(0, 8) : reference.id;
  const type = Object.hasOwn(REFERENCE_TYPES, reference.type) ? REFERENCE_TYPES[reference.type] : undefined;
  if (!type) return <Code>{`${reference.type} ${id}`}</Code>;
  const typeWord = i18n._(type);
  return (
    <>
      {typeWord} <Code>{id}</Code>
    </>
  );
}
