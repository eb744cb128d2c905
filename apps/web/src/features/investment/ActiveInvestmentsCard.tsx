import Box from "@mui/material/Box";
import LinearProgress from "@mui/material/LinearProgress";
import Link from "@mui/material/Link";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink } from "react-router";
import { ListCard } from "../../components/ListCard.tsx";
import { Money } from "../../components/Money.tsx";
import { paths } from "../../lib/paths.ts";
import { myInvestmentsQuery } from "./api.ts";
import { progressPercent } from "./model.ts";
import { AccrualCountdown } from "./parts.tsx";

const SHOWN = 5;

/** The dashboard's active investments: progress, profit so far and the next accrual, live. */
export function ActiveInvestmentsCard() {
  const list = useQuery(myInvestmentsQuery(1, SHOWN, "active"));
  return (
    <ListCard
      id="active-investments-heading"
      title="Active investments"
      query={list}
      empty={
        list.data?.items.length === 0 ? (
          <>
            No active investments.{" "}
            <Link component={RouterLink} to={paths.addInvestment}>
              Choose a package
            </Link>
          </>
        ) : null
      }
      more={
        list.data && list.data.total > 0
          ? {
              to: paths.investment,
              label: list.data.total > SHOWN ? `All ${list.data.total} active investments` : "Investment",
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
              {inv.package.name}
            </Link>
            <Box component="span" sx={{ fontSize: "0.85rem" }}>
              <Money cents={inv.amountCents} /> · profit <Money cents={inv.profitPaidCents} />
            </Box>
          </Box>
          <LinearProgress
            variant="determinate"
            value={progressPercent(inv.periodsPaid, inv.durationPeriods)}
            aria-label={`${inv.package.name}: ${inv.periodsPaid} of ${inv.durationPeriods} periods paid`}
            sx={{ my: 0.75, height: 6, borderRadius: 3 }}
          />
          <Box sx={{ color: "text.secondary", fontSize: "0.85rem" }}>
            {inv.periodsPaid} / {inv.durationPeriods} periods · next{" "}
            {inv.nextAccrualAt ? <AccrualCountdown until={inv.nextAccrualAt} /> : "—"}
          </Box>
        </Box>
      ))}
    </ListCard>
  );
}
