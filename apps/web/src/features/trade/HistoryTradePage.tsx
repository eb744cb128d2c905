import { PAIRS } from "@helio/shared";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import Chip from "@mui/material/Chip";
import MenuItem from "@mui/material/MenuItem";
import Pagination from "@mui/material/Pagination";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { Money } from "../../components/Money.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { PageLoader } from "../../components/PageLoader.tsx";
import { errorMessage, withQuery } from "../../lib/api.ts";
import { formatDateTime, formatPrice } from "../../lib/format.ts";
import { type HistoryFilters, useTradeHistory } from "./api.ts";
import { directionLabel } from "./model.ts";

const RESULT_LABEL: Record<string, string> = { win: "Win", loss: "Loss", equal: "Equal", void: "Void" };
const RESULT_COLOR = { win: "success", loss: "error", equal: "default", void: "default" } as const;

/** `/history-trade`: settled contracts with filters, totals, paging and CSV. */
export function HistoryTradePage() {
  const [filters, setFilters] = useState<HistoryFilters>({
    symbol: "",
    result: "",
    from: "",
    to: "",
    page: 1,
    pageSize: 20,
  });
  const history = useTradeHistory(filters);
  const set = (patch: Partial<HistoryFilters>) => setFilters((f) => ({ ...f, page: 1, ...patch }));
  const csvHref = withQuery("/api/trades/history.csv", {
    symbol: filters.symbol,
    result: filters.result,
    from: filters.from,
    to: filters.to,
  });
  const data = history.data;
  return (
    <>
      <PageHeader
        title="History Trade"
        subtitle="Your settled contracts."
        actions={
          <Button variant="outlined" href={csvHref} download>
            Download CSV
          </Button>
        }
      />
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          select
          size="small"
          label="Pair"
          value={filters.symbol}
          onChange={(e) => set({ symbol: e.target.value })}
          sx={{ minWidth: 140 }}
        >
          <MenuItem value="">All pairs</MenuItem>
          {PAIRS.map((p) => (
            <MenuItem key={p.symbol} value={p.symbol}>
              {p.symbol}/USDT
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Result"
          value={filters.result}
          onChange={(e) => set({ result: e.target.value })}
          sx={{ minWidth: 140 }}
        >
          <MenuItem value="">All results</MenuItem>
          {Object.entries(RESULT_LABEL).map(([value, label]) => (
            <MenuItem key={value} value={value}>
              {label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          type="date"
          label="From"
          value={filters.from}
          onChange={(e) => set({ from: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          size="small"
          type="date"
          label="To"
          value={filters.to}
          onChange={(e) => set({ to: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
      {history.isError ? <Alert severity="error">{errorMessage(history.error)}</Alert> : null}
      {!data ? (
        <PageLoader />
      ) : (
        <>
          <Stack direction="row" spacing={3} sx={{ mb: 2, flexWrap: "wrap" }} data-testid="trade-totals">
            <Typography>
              Contracts: <strong>{data.totals.count}</strong>
            </Typography>
            <Typography>
              Won: <Money cents={data.totals.wonCents} />
            </Typography>
            <Typography>
              Lost: <Money cents={data.totals.lostCents} />
            </Typography>
            <Typography>
              Net: <Money cents={data.totals.netCents} signed />
            </Typography>
          </Stack>
          {data.items.length === 0 ? (
            <Alert severity="info">No settled contracts yet.</Alert>
          ) : (
            <TableContainer component={Card} variant="outlined">
              <Table size="small" aria-label="Settled contracts">
                <TableHead>
                  <TableRow>
                    <TableCell>Settled</TableCell>
                    <TableCell>Pair</TableCell>
                    <TableCell>Direction</TableCell>
                    <TableCell align="right">Amount</TableCell>
                    <TableCell align="right">Entry</TableCell>
                    <TableCell align="right">Exit</TableCell>
                    <TableCell>Result</TableCell>
                    <TableCell align="right">Payout</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.items.map((t) => (
                    <TableRow key={t.id} data-testid="history-trade">
                      <TableCell>{formatDateTime(t.settledAt)}</TableCell>
                      <TableCell>{t.symbol}/USDT</TableCell>
                      <TableCell>{directionLabel(t.direction)}</TableCell>
                      <TableCell align="right">
                        <Money cents={t.amountCents} />
                      </TableCell>
                      <TableCell align="right">{formatPrice(t.entryPrice)}</TableCell>
                      <TableCell align="right">{formatPrice(t.exitPrice)}</TableCell>
                      <TableCell>
                        {t.result ? (
                          <Chip size="small" color={RESULT_COLOR[t.result]} label={RESULT_LABEL[t.result]} />
                        ) : null}
                      </TableCell>
                      <TableCell align="right">
                        <Money cents={t.payoutCents ?? 0} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
          {data.total > data.pageSize ? (
            <Pagination
              sx={{ mt: 2 }}
              count={Math.ceil(data.total / data.pageSize)}
              page={data.page}
              onChange={(_e, page) => setFilters((f) => ({ ...f, page }))}
              getItemAriaLabel={(type, page) => (type === "page" ? `Page ${page}` : `Go to ${type} page`)}
            />
          ) : null}
        </>
      )}
    </>
  );
}
