import { formatRate, type TypedLocal } from "@helio/shared";
import Box from "@mui/material/Box";
import type { ReactNode } from "react";
import { Money } from "../../components/Money.tsx";
import { TypedMoney } from "../../components/TypedMoney.tsx";

type Item = { label: string; value: ReactNode };
const usd = (microcents: bigint, bold = false) => (
  <Money microcents={microcents} currency="USD" rate={1} sx={bold ? { fontWeight: 700 } : undefined} />
);

/**
 * A deposit's amount as the bank statement shows it: the amount the member typed in their
 * currency, the rate it was converted at, and the USD the wallet is credited, side by side. An
 * invoice made in USD keeps its one amount, as the queue always showed it.
 */
export function depositAmountItems(local: TypedLocal | null, microcents: bigint): Item[] {
  if (!local) return [{ label: "Amount", value: <Money microcents={microcents} sx={{ fontWeight: 700 }} /> }];
  return [
    { label: `Amount (${local.currency})`, value: <TypedMoney local={local} sx={{ fontWeight: 700 }} /> },
    { label: "Rate", value: formatRate(local) },
    { label: "Amount (USD)", value: usd(microcents) },
  ];
}

/**
 * A withdrawal's figures as the bank pays them: the amount the member typed, the rate, the USD
 * amount, fee and net, and the payout in the member's currency (the net at the rate).
 */
export function withdrawalAmountItems(w: {
  local: (TypedLocal & { net: string }) | null;
  amountMicrocents: bigint;
  feeMicrocents: bigint;
  netMicrocents: bigint;
}): Item[] {
  if (!w.local) {
    return [
      { label: "Amount", value: <Money microcents={w.amountMicrocents} /> },
      { label: "Fee", value: <Money microcents={w.feeMicrocents} /> },
      { label: "Pay out (net)", value: <Money microcents={w.netMicrocents} sx={{ fontWeight: 700 }} /> },
    ];
  }
  const { local } = w;
  return [
    { label: `Amount (${local.currency})`, value: <TypedMoney local={local} /> },
    { label: "Rate", value: formatRate(local) },
    { label: "Amount (USD)", value: usd(w.amountMicrocents) },
    { label: "Fee (USD)", value: usd(w.feeMicrocents) },
    { label: "Pay out (USD)", value: usd(w.netMicrocents) },
    {
      label: `Pay out (${local.currency})`,
      value: <TypedMoney local={{ amount: local.net, currency: local.currency }} sx={{ fontWeight: 700 }} />,
    },
  ];
}

/** "500,000.00 IDR (30.77 USD at 16,250 IDR per USD)": one line for a dialog or a table cell. */
export function LocalAndUsd({ local, microcents }: { local: TypedLocal | null; microcents: bigint }) {
  if (!local) return <Money microcents={microcents} />;
  return (
    <Box component="span">
      <TypedMoney local={local} sx={{ fontWeight: 700 }} /> ({usd(microcents)} at {formatRate(local)})
    </Box>
  );
}
