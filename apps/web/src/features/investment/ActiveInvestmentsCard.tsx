import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import LinearProgress from "@mui/material/LinearProgress";
import Link from "@mui/material/Link";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink } from "react-router";
import { Money } from "../../components/Money.tsx";
import { errorMessage } from "../../lib/api.ts";
import { myInvestmentsQuery } from "./api.ts";
import { progressPercent } from "./model.ts";
import { AccrualCountdown } from "./parts.tsx";

const SHOWN = 5;

/** The dashboard's active investments: progress, profit so far and the next accrual, live. */
export function ActiveInvestmentsCard() {
  const list = useQuery(myInvestmentsQuery(1, SHOWN, "active"));
  return (
    <Card component="section" aria-labelledby="active-investments-heading">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="active-investments-heading" variant="h2" component="h2" sx={{ mb: 1.5 }}>
          Active investments
        </Typography>
        {list.isError ? (
          <Alert severity="error">{errorMessage(list.error)}</Alert>
        ) : !list.data ? (
          <Skeleton variant="rounded" height={64} />
        ) : list.data.items.length === 0 ? (
          <Typography sx={{ color: "text.secondary" }}>
            No active investments.{" "}
            <Link component={RouterLink} to="/add-investment">
              Choose a package
            </Link>
          </Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: "none", m: 0, p: 0 }}>
            {list.data.items.map((inv) => (
              <Box
                component="li"
                key={inv.id}
                data-testid="dashboard-investment"
                sx={{ py: 1, borderBottom: 1, borderColor: "divider" }}
              >
                <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", justifyContent: "space-between" }}>
                  <Link component={RouterLink} to={`/invoice/${encodeURIComponent(inv.id)}`} sx={{ fontWeight: 600 }}>
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
          </Box>
        )}
        {list.data && list.data.total > 0 ? (
          <Link component={RouterLink} to="/investment" sx={{ display: "inline-block", mt: 1.5 }}>
            {list.data.total > SHOWN ? `All ${list.data.total} active investments` : "Investment"}
          </Link>
        ) : null}
      </CardContent>
    </Card>
  );
}
