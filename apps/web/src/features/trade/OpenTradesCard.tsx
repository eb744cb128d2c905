import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router";
import { Money } from "../../components/Money.tsx";
import { errorMessage } from "../../lib/api.ts";
import { useOpenTrades } from "./api.ts";
import { Countdown } from "./Countdown.tsx";

const SHOWN = 5;

/** The dashboard's open trades: the next contracts to expire, live, with a link to all of them. */
export function OpenTradesCard() {
  const open = useOpenTrades();
  const trades = [...(open.data ?? [])].sort((a, b) => a.expiresAt.localeCompare(b.expiresAt));
  return (
    <Card component="section" aria-labelledby="open-trades-heading">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="open-trades-heading" variant="h2" component="h2" sx={{ mb: 1.5 }}>
          Open trades
        </Typography>
        {open.isError ? (
          <Alert severity="error">{errorMessage(open.error)}</Alert>
        ) : !open.data ? (
          <Skeleton variant="rounded" height={64} />
        ) : trades.length === 0 ? (
          <Typography sx={{ color: "text.secondary" }}>
            No running contracts.{" "}
            <Link component={RouterLink} to="/trade/BTC/bitcoin">
              Trade now
            </Link>
          </Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: "none", m: 0, p: 0 }}>
            {trades.slice(0, SHOWN).map((t) => (
              <Box
                component="li"
                key={t.id}
                data-testid="dashboard-open-trade"
                sx={{
                  display: "grid",
                  gridTemplateColumns: "minmax(0, 1fr) auto auto",
                  alignItems: "center",
                  gap: 1,
                  py: 1,
                  borderBottom: 1,
                  borderColor: "divider",
                }}
              >
                <Box sx={{ minWidth: 0 }}>
                  <Box component="span" sx={{ fontWeight: 600 }}>
                    {t.symbol}/USDT {t.direction === "up" ? "Up" : "Down"}
                  </Box>
                  <Box sx={{ color: "text.secondary", fontSize: "0.85rem" }}>
                    <Money cents={t.amountCents} />
                  </Box>
                </Box>
                {t.winning === null ? (
                  <Chip size="small" label="Even" />
                ) : t.winning ? (
                  <Chip size="small" color="success" label="Winning" />
                ) : (
                  <Chip size="small" color="error" label="Losing" />
                )}
                <Countdown until={t.expiresAt} />
              </Box>
            ))}
          </Box>
        )}
        {trades.length > 0 ? (
          <Link component={RouterLink} to="/on-trade" sx={{ display: "inline-block", mt: 1.5 }}>
            {trades.length > SHOWN ? `All ${trades.length} open trades` : "On Trade"}
          </Link>
        ) : null}
      </CardContent>
    </Card>
  );
}
