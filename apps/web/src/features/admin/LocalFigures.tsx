import { formatRate, type TypedLocal } from "@helio/shared";
import Box from "@mui/material/Box";
import type { ReactNode } from "react";
import { Money } from "../../components/Money.tsx";
import { TypedMoney } from "../../components/TypedMoney.tsx";

type Item = { label: string; value: ReactNode };
const usd = (cents: number, bold = false) => (
  <Money cents={cents} currency="USD" rate={1} sx={bold ? { fontWeight: 700 } : undefined} />
);

/**
 * A deposit's amount as the bank statement shows it: the amount the member typed in their
 * currency, the rate it was converted at, and the USD the wallet is credited, side by side. An
 * invoice made in USD keeps its one amount, as the queue always showed it.
 */
export function depositAmountItems(local: TypedLocal | null, cents: number): Item[] {
  if (!local) return [{ label: "Amount", value: <Money cents={cents} sx={{ fontWeight: 700 }} /> }];
  return [
    { label: `Amount (${local.currency})`, value: <TypedMoney local={local} sx={{ fontWeight: 700 }} /> },
    { label: "Rate", value: formatRate(local) },
    { label: "Amount (USD)", value: usd(cents) },
  ];
}

/**
 * A withdrawal's figures as the bank pays them: the amount the member typed, the rate, the USD
 * amount, fee and net, and the payout in the member's currency (the net at the rate).
 */
export function withdrawalAmountItems(w: {
  local: (TypedLocal & { net: string }) | null;
  amountCents: number;
  feeCents: number;
  netCents: number;
}): Item[] {
  if (!w.local) {
    return [
      { label: "Amount", value: <Money cents={w.amountCents} /> },
      { label: "Fee", value: <Money cents={w.feeCents} /> },
      { label: "Pay out (net)", value: <Money cents={w.netCents} sx={{ fontWeight: 700 }} /> },
    ];
  }
  const { local } = w;
  return [
    { label: `Amount (${local.currency})`, value: <TypedMoney local={local} /> },
    { label: "Rate", value: formatRate(local) },
    { label: "Amount (USD)", value: usd(w.amountCents) },
    { label: "Fee (USD)", value: usd(w.feeCents) },
    { label: "Pay out (USD)", value: usd(w.netCents) },
    {
      label: `Pay out (${local.currency})`,
      value: <TypedMoney local={{ amount: local.net, currency: local.currency }} sx={{ fontWeight: 700 }} />,
    },
  ];
}

/** "500,000.00 IDR (30.77 USD at 16,250 IDR per USD)": one line for a dialog or a table cell. */
export function LocalAndUsd({ local, cents }: { local: TypedLocal | null; cents: number }) {
  if (!local) return <Money cents={cents} />;
  return (
    <Box component="span">
      <TypedMoney local={local} sx={{ fontWeight: 700 }} /> ({usd(cents)} at {formatRate(local)})
    </Box>
  );
}
