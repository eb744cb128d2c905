import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Money } from "../../components/Money.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { QueryError } from "../../components/QueryError.tsx";
import { SectionCard } from "../../components/SectionCard.tsx";
import { adminSettingsQuery } from "./money-api.ts";
import { TradingContracts } from "./TradingContracts.tsx";
import { TradingSettingsEditor } from "./TradingSettingsEditor.tsx";
import { type HouseResult, houseResultQuery } from "./trading-api.ts";

function outcome(cents: number): string {
  if (cents > 0) return "The house is ahead";
  if (cents < 0) return "The house is behind";
  return "Even";
}

/** One side of the house result (real or practice money) as a description list. */
function HouseCard({ id, title, totals }: { id: string; title: string; totals: HouseResult["real"] }) {
  const items: { label: string; value: ReactNode; note?: string }[] = [
    { label: "Stakes", value: <Money cents={totals.stakesCents} sx={{ whiteSpace: "normal" }} /> },
    { label: "Payouts", value: <Money cents={totals.payoutsCents} sx={{ whiteSpace: "normal" }} /> },
    {
      label: "Result",
      value: <Money cents={totals.resultCents} signed sx={{ whiteSpace: "normal" }} />,
      note: outcome(totals.resultCents),
    },
    { label: "Open contracts", value: totals.open },
  ];
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: { xs: 1.5, sm: 2.5 }, minWidth: 0 }}>
      <Typography id={id} variant="h3" component="h3" sx={{ fontSize: "1.125rem", fontWeight: 700, mb: 1.5 }}>
        {title}
      </Typography>
      <Box component="dl" sx={{ m: 0, display: "grid", gap: 2, gridTemplateColumns: "repeat(2, minmax(0, 1fr))" }}>
        {items.map((item) => (
          <Box key={item.label} sx={{ minWidth: 0 }}>
            <Typography component="dt" variant="body2" sx={{ color: "text.secondary" }}>
              {item.label}
            </Typography>
            <Box component="dd" sx={{ m: 0, fontSize: "1.25rem", fontWeight: 700, overflowWrap: "anywhere" }}>
              {item.value}
              {item.note ? (
                <Box
                  component="span"
                  sx={{ display: "block", fontSize: "0.875rem", fontWeight: 400, color: "text.secondary" }}
                >
                  {item.note}
                </Box>
              ) : null}
            </Box>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}

function HouseResultSection() {
  const house = useQuery(houseResultQuery);
  return (
    <SectionCard
      id="house-heading"
      title="House result"
      description="Settled contracts: stakes taken minus payouts made. A positive result means the house won."
    >
      {house.isPending ? (
        <Skeleton variant="rounded" height={140} />
      ) : house.isError ? (
        <QueryError error={house.error} onRetry={() => void house.refetch()} />
      ) : (
        <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" } }}>
          <HouseCard id="house-real-heading" title="Real" totals={house.data.real} />
          <HouseCard id="house-demo-heading" title="Practice (demo)" totals={house.data.demo} />
        </Box>
      )}
    </SectionCard>
  );
}

function SettingsSection() {
  const settings = useQuery(adminSettingsQuery);
  return (
    <SectionCard
      id="trading-settings-heading"
      title="Trading settings"
      description="Stakes are in US dollars. Every change is audited and applies to new contracts at once."
    >
      {settings.isPending ? (
        <Skeleton variant="rounded" height={420} />
      ) : settings.isError ? (
        <QueryError error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <TradingSettingsEditor settings={settings.data} />
      )}
    </SectionCard>
  );
}

/** `/admin/trading`: the house result, the trading settings and every member's contracts. */
export function TradingPage() {
  return (
    <Box>
      <PageHeader title="Trading" subtitle="Fixed-time contracts on the 12 pairs. Numbers refresh every 15 seconds." />
      <Stack spacing={3}>
        <HouseResultSection />
        <SettingsSection />
        <SectionCard id="contracts-heading" title="Contracts" description="Every member's contracts, newest first.">
          <TradingContracts />
        </SectionCard>
      </Stack>
    </Box>
  );
}
