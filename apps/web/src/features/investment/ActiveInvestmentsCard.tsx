import { t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import LinearProgress from "@mui/material/LinearProgress";
import Link from "@mui/material/Link";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink } from "react-router";
import { ListCard } from "../../components/ListCard.tsx";
import { Money } from "../../components/Money.tsx";
import { exampleText } from "../../lib/example-words.ts";
import { paths } from "../../lib/paths.ts";
import { myInvestmentsQuery } from "./api.ts";
import { progressPercent } from "./model.ts";
import { AccrualCountdown } from "./parts.tsx";

const SHOWN = 5;

/** "Gold: 3 of 30 periods paid", the progress bar's name. */
function progressLabel(name: string, paid: number, total: number): string {
  return t`${name}: ${paid} of ${total} periods paid`;
}

/** "3 / 30 periods · next" before the countdown. */
function PeriodsLine({ paid, total }: { paid: number; total: number }) {
  return (
    <Trans>
      <bdi dir="ltr">
        {paid} / {total}
      </bdi>{" "}
      periods · next
    </Trans>
  );
}

/** The dashboard's active investments: progress, profit so far and the next accrual, live. */
export function ActiveInvestmentsCard() {
  const { t } = useLingui();
  const list = useQuery(myInvestmentsQuery(1, SHOWN, "active"));
  const total = list.data?.total ?? 0;
  return (
    <ListCard
      id="active-investments-heading"
      title={t`Active investments`}
      query={list}
      empty={
        list.data?.items.length === 0 ? (
          <Trans>
            No active investments.{" "}
            <Link component={RouterLink} to={paths.addInvestment}>
              Choose a package
            </Link>
          </Trans>
        ) : null
      }
      more={
        list.data && list.data.total > 0
          ? {
              to: paths.investment,
              label: total > SHOWN ? t`All ${total} active investments` : t`Investment`,
            }
          : null
      }
    >
      {list.data?.items.map((inv) => (
        <Box
          component="li"
          key={inv.id}
          data-testid="dashboard-investment"
          sx={{ py: 1, borderBottom: 1, borderColor: "divider" }}
        >
          <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", justifyContent: "space-between" }}>
            <Link component={RouterLink} to={paths.invoiceOne(inv.id)} sx={{ fontWeight: 600 }}>
              {exampleText(inv.package.name)}
            </Link>
            <Box component="span" sx={{ fontSize: "0.85rem" }}>
              <Money cents={inv.amountCents} /> ·{" "}
              <Trans>
                profit <Money cents={inv.profitPaidCents} />
              </Trans>
            </Box>
          </Box>
          <LinearProgress
            variant="determinate"
            value={progressPercent(inv.periodsPaid, inv.durationPeriods)}
            aria-label={progressLabel(exampleText(inv.package.name), inv.periodsPaid, inv.durationPeriods)}
            sx={{ my: 0.75, height: 6, borderRadius: 3 }}
          />
          <Box sx={{ color: "text.secondary", fontSize: "0.85rem" }}>
            <PeriodsLine paid={inv.periodsPaid} total={inv.durationPeriods} />{" "}
            {inv.nextAccrualAt ? <AccrualCountdown until={inv.nextAccrualAt} /> : "—"}
          </Box>
        </Box>
      ))}
    </ListCard>
  );
}
