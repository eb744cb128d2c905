import type { WalletBalances } from "@helio/shared";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { Money } from "../../components/Money.tsx";

const CARDS: { key: keyof WalletBalances; label: MessageDescriptor; detail: MessageDescriptor }[] = [
  { key: "wallet", label: msg`Wallet`, detail: msg`Real money: deposits, withdrawals and Real trades.` },
  { key: "demo", label: msg`Demo`, detail: msg`Practice money for Free trading.` },
  { key: "profit", label: msg`Profit`, detail: msg`Returns of your investments.` },
  { key: "bonus", label: msg`Bonus`, detail: msg`Commissions from your network.` },
  { key: "withdrawal_hold", label: msg`On hold`, detail: msg`Reserved by pending withdrawals.` },
];

/** The member's accounts as cards; `actions` adds controls under one account's card. */
export function BalanceCards({
  balances,
  actions = {},
}: {
  balances: WalletBalances | undefined;
  actions?: Partial<Record<keyof WalletBalances, ReactNode>>;
}) {
  const { t, i18n } = useLingui();
  return (
    <Box
      component="ul"
      aria-label={t`Balances`}
      sx={{
        listStyle: "none",
        p: 0,
        m: 0,
        display: "grid",
        gap: 2,
        gridTemplateColumns: {
          xs: "1fr",
          sm: "1fr 1fr",
          md: "repeat(3, minmax(0, 1fr))",
          xl: "repeat(5, minmax(0, 1fr))",
        },
      }}
    >
      {CARDS.map((card) => (
        <Card component="li" key={card.key} variant="outlined" sx={{ display: "flex" }}>
          <CardContent sx={{ display: "flex", flexDirection: "column", gap: 0.5, width: "100%" }}>
            <Typography component="h3" variant="body2" sx={{ color: "text.secondary", fontWeight: 600 }}>
              {i18n._(card.label)}
            </Typography>
            {balances ? (
              <Money
                microcents={balances[card.key]}
                sx={{ fontSize: card.key === "wallet" ? "1.5rem" : "1.25rem", fontWeight: 700, whiteSpace: "normal" }}
              />
            ) : (
              <Skeleton variant="text" width="70%" height={36} />
            )}
            <Typography variant="body2" sx={{ color: "text.secondary", flexGrow: 1 }}>
              {i18n._(card.detail)}
            </Typography>
            {actions[card.key] ? <Box sx={{ mt: 1 }}>{actions[card.key]}</Box> : null}
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}
