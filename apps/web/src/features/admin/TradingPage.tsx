import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { DetailList } from "../../components/DetailList.tsx";
import { Money } from "../../components/Money.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { QueryState } from "../../components/QueryState.tsx";
import { SectionCard } from "../../components/SectionCard.tsx";
import { HouseExposure } from "./HouseExposure.tsx";
import { adminSettingsQuery } from "./money-api.ts";
import { TradingContracts } from "./TradingContracts.tsx";
import { TradingSettingsEditor } from "./TradingSettingsEditor.tsx";
import { type HouseResult, houseResultQuery } from "./trading-api.ts";

function outcome(resultMicrocents: bigint): string {
  if (resultMicrocents > 0n) return "The house is ahead";
  if (resultMicrocents < 0n) return "The house is behind";
  return "Even";
}

/** One side of the house result (real or practice money) as a description list. */
function HouseCard({ id, title, totals }: { id: string; title: string; totals: HouseResult["real"] }) {
  const amount = (microcents: bigint, signed = false) => (
    <Money microcents={microcents} signed={signed} sx={{ whiteSpace: "normal" }} />
  );
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: { xs: 1.5, sm: 2.5 }, minWidth: 0 }}>
      <Typography id={id} variant="h3" component="h3" sx={{ fontSize: "1.125rem", fontWeight: 700, mb: 1.5 }}>
        {title}
      </Typography>
      <DetailList
        valueSx={{ fontSize: "1.25rem", fontWeight: 700, overflowWrap: "anywhere" }}
        items={[
          { label: "Stakes", value: amount(totals.stakesMicrocents) },
          { label: "Payouts", value: amount(totals.payoutsMicrocents) },
          {
            label: "Result",
            value: (
              <>
                {amount(totals.resultMicrocents, true)}
                <Box
                  component="span"
                  sx={{ display: "block", fontSize: "0.875rem", fontWeight: 400, color: "text.secondary" }}
                >
                  {outcome(totals.resultMicrocents)}
                </Box>
              </>
            ),
          },
          { label: "Open contracts", value: totals.open },
        ]}
      />
    </Paper>
  );
}

/** `/admin/trading`: the house result, the trading settings and every member's contracts. */
export function TradingPage() {
  const house = useQuery(houseResultQuery);
  const settings = useQuery(adminSettingsQuery);
  return (
    <Box>
      <PageHeader title="Trading" subtitle="Fixed-time contracts on the 12 pairs. Numbers refresh every 15 seconds." />
      <Stack spacing={3}>
        <SectionCard
          id="house-heading"
          title="House result"
          description="Settled contracts: stakes taken minus payouts made. A positive result means the house won."
        >
          <QueryState query={house} height={140}>
            {(result) => (
              <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" } }}>
                <HouseCard id="house-real-heading" title="Real" totals={result.real} />
                <HouseCard id="house-demo-heading" title="Practice (demo)" totals={result.demo} />
              </Box>
            )}
          </QueryState>
        </SectionCard>
        <SectionCard
          id="exposure-heading"
          title="House exposure"
          description="Open Real contracts per pair: their stakes, and what the house pays if every one wins. Practice money is not counted. Refreshes every 5 seconds."
        >
          <HouseExposure />
        </SectionCard>
        <SectionCard
          id="trading-settings-heading"
          title="Trading settings"
          description="Stakes are in US dollars. Every change is audited and applies to new contracts at once."
        >
          <QueryState query={settings} height={420}>
            {(current) => <TradingSettingsEditor settings={current} />}
          </QueryState>
        </SectionCard>
        <SectionCard id="contracts-heading" title="Contracts" description="Every member's contracts, newest first.">
          <TradingContracts />
        </SectionCard>
      </Stack>
    </Box>
  );
}
