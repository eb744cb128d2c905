import Alert from "@mui/material/Alert";
import Card from "@mui/material/Card";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import { Link as RouterLink } from "react-router";
import { Money } from "../../components/Money.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { PageLoader } from "../../components/PageLoader.tsx";
import { errorMessage } from "../../lib/api.ts";
import { formatPrice } from "../../lib/format.ts";
import { useOpenTrades } from "./api.ts";
import { Countdown } from "./Countdown.tsx";
import { directionLabel } from "./model.ts";

/** `/on-trade`: running contracts with a countdown and whether each is winning now. */
export function OnTradePage() {
  const open = useOpenTrades();
  return (
    <>
      <PageHeader title="On Trade" subtitle="Your running contracts." />
      {open.isError ? <Alert severity="error">{errorMessage(open.error)}</Alert> : null}
      {!open.data ? (
        <PageLoader />
      ) : open.data.length === 0 ? (
        <Alert severity="info">
          No running contracts.{" "}
          <Link component={RouterLink} to="/trade/BTC/bitcoin">
            Open the trade page
          </Link>
        </Alert>
      ) : (
        <TableContainer component={Card} variant="outlined">
          <Table size="small" aria-label="Running contracts">
            <TableHead>
              <TableRow>
                <TableCell>Pair</TableCell>
                <TableCell>Direction</TableCell>
                <TableCell align="right">Amount</TableCell>
                <TableCell align="right">Entry</TableCell>
                <TableCell align="right">Now</TableCell>
                <TableCell>Status</TableCell>
                <TableCell align="right">Time left</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {open.data.map((t) => (
                <TableRow key={t.id} data-testid="open-trade">
                  <TableCell>{t.symbol}/USDT</TableCell>
                  <TableCell>{directionLabel(t.direction)}</TableCell>
                  <TableCell align="right">
                    <Money cents={t.amountCents} />
                  </TableCell>
                  <TableCell align="right">{formatPrice(t.entryPrice)}</TableCell>
                  <TableCell align="right">{formatPrice(t.currentPrice)}</TableCell>
                  <TableCell>
                    {t.winning === null ? (
                      <Chip size="small" label="Even" />
                    ) : t.winning ? (
                      <Chip size="small" color="success" label="Winning" />
                    ) : (
                      <Chip size="small" color="error" label="Losing" />
                    )}
                  </TableCell>
                  <TableCell align="right">
                    <Countdown until={t.expiresAt} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </>
  );
}
