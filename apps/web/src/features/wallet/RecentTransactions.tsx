import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Link from "@mui/material/Link";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink } from "react-router";
import { Money } from "../../components/Money.tsx";
import { errorMessage } from "../../lib/api.ts";
import { formatDateTime } from "../../lib/format.ts";
import { accountLabel, kindLabel } from "../../lib/ledger.ts";
import { historyQuery } from "./api.ts";

/** The dashboard's last five ledger entries (all accounts), with a link to the full history. */
export function RecentTransactions() {
  const recent = useQuery(historyQuery({ page: 1, pageSize: 5 }));
  return (
    <Card component="section" aria-labelledby="recent-heading">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="recent-heading" variant="h2" component="h2" sx={{ mb: 1.5 }}>
          Recent transactions
        </Typography>
        {recent.isError ? (
          <Alert severity="error">{errorMessage(recent.error)}</Alert>
        ) : !recent.data ? (
          <Skeleton variant="rounded" height={64} />
        ) : recent.data.items.length === 0 ? (
          <Typography sx={{ color: "text.secondary" }}>No transactions yet.</Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: "none", m: 0, p: 0 }}>
            {recent.data.items.map((e) => (
              <Box
                component="li"
                key={e.id}
                data-testid="recent-transaction"
                sx={{
                  display: "grid",
                  gridTemplateColumns: "minmax(0, 1fr) auto",
                  gap: 1,
                  py: 1,
                  borderBottom: 1,
                  borderColor: "divider",
                }}
              >
                <Box sx={{ minWidth: 0 }}>
                  {kindLabel(e.kind)}
                  <Box sx={{ color: "text.secondary", fontSize: "0.85rem" }}>
                    {accountLabel(e.account)} · <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>
                  </Box>
                </Box>
                <Money
                  cents={e.amountCents}
                  signed
                  sx={e.amountCents > 0 ? { color: "success.main", fontWeight: 600 } : { fontWeight: 600 }}
                />
              </Box>
            ))}
          </Box>
        )}
        <Link component={RouterLink} to="/wallet" sx={{ display: "inline-block", mt: 1.5 }}>
          Full history
        </Link>
      </CardContent>
    </Card>
  );
}
