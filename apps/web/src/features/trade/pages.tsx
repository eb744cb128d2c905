import {
  CANDLE_INTERVALS,
  type CandleInterval,
  DURATION_LABELS,
  mulDivHalfEven,
  type OpenTrade,
  PAIRS,
  pairOf,
  parseDecimalToCents,
  type TradeDirection,
} from "@helio/shared";
import ArrowDownwardIcon from "@mui/icons-material/ArrowDownward";
import ArrowUpwardIcon from "@mui/icons-material/ArrowUpward";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
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
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Navigate, Link as RouterLink, useNavigate, useParams } from "react-router";
import { Money } from "../../components/Money.tsx";
import { NotFound } from "../../components/NotFound.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { PageLoader } from "../../components/PageLoader.tsx";
import { errorMessage, withQuery } from "../../lib/api.ts";
import { useMemberBalances } from "../../lib/balances.ts";
import { formatDateTime } from "../../lib/format.ts";
import { useIdempotencyKey } from "../../lib/idempotency.ts";
import { useMember } from "../../lib/member.tsx";
import { formatPrice } from "../market/format.ts";
import {
  candlesQuery,
  type HistoryFilters,
  tradeConfigQuery,
  useOpenTrades,
  usePairs,
  usePlaceTrade,
  useTradeHistory,
} from "./api.ts";
import { CandleChart } from "./CandleChart.tsx";
import { Countdown } from "./Countdown.tsx";

/** `/trade` → the first pair. */
export function TradeIndexPage() {
  return <Navigate to="/trade/BTC/bitcoin" replace />;
}

function ChangeText({ change }: { change: string | null }) {
  if (!change) return null;
  const down = change.startsWith("-");
  return (
    <Box component="span" sx={{ color: down ? "error.main" : "success.main", fontVariantNumeric: "tabular-nums" }}>
      {down ? "" : "+"}
      {change}%
    </Box>
  );
}

/** `/trade/:sym/:name`: live chart, last price, pair picker and the order panel. */
export function TradePairPage() {
  const { sym = "" } = useParams();
  const pair = pairOf(sym);
  const navigate = useNavigate();
  const [interval, setCandleInterval] = useState<CandleInterval>("1m");
  const pairs = usePairs();
  const candles = useQuery({ ...candlesQuery(pair?.symbol ?? "BTC", interval), enabled: Boolean(pair) });
  if (!pair) return <NotFound />;
  const quote = pairs.data?.find((p) => p.symbol === pair.symbol);

  return (
    <>
      <PageHeader
        title={`Trade ${pair.symbol}/USDT`}
        subtitle={
          <Stack direction="row" spacing={2} sx={{ alignItems: "baseline", flexWrap: "wrap" }}>
            <Typography component="span" sx={{ fontSize: 24, fontWeight: 700 }} data-testid="last-price">
              {formatPrice(quote?.price)}
            </Typography>
            <ChangeText change={quote?.change24h ?? null} />
            {quote?.stale ? <Chip size="small" color="warning" label="Market paused" /> : null}
          </Stack>
        }
        actions={
          <TextField
            select
            size="small"
            label="Pair"
            value={pair.symbol}
            onChange={(e) => {
              const next = pairOf(e.target.value);
              if (next) navigate(`/trade/${next.symbol}/${next.name}`);
            }}
            sx={{ minWidth: 160 }}
          >
            {PAIRS.map((p) => (
              <MenuItem key={p.symbol} value={p.symbol}>
                {p.symbol}/USDT
              </MenuItem>
            ))}
          </TextField>
        }
      />
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "1fr 320px" } }}>
        <Card variant="outlined">
          <CardContent>
            <ToggleButtonGroup
              size="small"
              exclusive
              value={interval}
              onChange={(_e, v: CandleInterval | null) => v && setCandleInterval(v)}
              aria-label="Candle interval"
              sx={{ mb: 1 }}
            >
              {CANDLE_INTERVALS.map((i) => (
                <ToggleButton key={i} value={i} aria-label={`${i} candles`}>
                  {i}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
            {candles.isError ? <Alert severity="error">{errorMessage(candles.error)}</Alert> : null}
            {candles.data ? (
              <CandleChart symbol={pair.symbol} interval={interval} candles={candles.data.candles} />
            ) : (
              <PageLoader />
            )}
          </CardContent>
        </Card>
        <OrderPanel symbol={pair.symbol} stale={quote?.stale ?? false} />
      </Box>
    </>
  );
}

function OrderPanel({ symbol, stale }: { symbol: string; stale: boolean }) {
  const config = useQuery(tradeConfigQuery);
  const place = usePlaceTrade();
  const member = useMember();
  const balances = useMemberBalances();
  const [amount, setAmount] = useState("10");
  const [duration, setDuration] = useState(30);
  // One key per intended trade, kept after a lost answer: a retry cannot place a second trade.
  const idempotency = useIdempotencyKey();
  const [placed, setPlaced] = useState<string | null>(null);
  if (!config.data) return <PageLoader />;
  const c = config.data;
  const cents = parseDecimalToCents(amount);
  const amountError =
    cents === null
      ? "Enter an amount like 10.00"
      : cents < c.minCents
        ? `At least ${(c.minCents / 100).toFixed(2)} USD`
        : cents > c.maxCents
          ? `At most ${(c.maxCents / 100).toFixed(2)} USD`
          : null;
  const payout = c.payouts[symbol] ?? 85;
  const submit = (direction: TradeDirection) => {
    if (cents === null || amountError) return;
    setPlaced(null);
    place.mutate(
      {
        input: { symbol: symbol as OpenTrade["symbol"], direction, amountCents: cents, durationSeconds: duration },
        key: idempotency.key,
      },
      {
        onSuccess: (contract) => {
          idempotency.succeeded();
          setPlaced(
            `${contract.direction === "up" ? "Up" : "Down"} contract placed at ${formatPrice(contract.entryPrice)}.`,
          );
        },
        onError: idempotency.failed,
      },
    );
  };
  const serverField =
    place.error && "fields" in place.error ? (place.error.fields as { field: string; message: string }[]) : [];
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h2" component="h2" sx={{ fontSize: 18, mb: 2 }}>
          Order
        </Typography>
        <Stack spacing={2}>
          <TextField
            label="Amount (USD)"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            error={Boolean(amountError) || serverField.some((f) => f.field === "amountCents")}
            helperText={amountError ?? serverField.find((f) => f.field === "amountCents")?.message ?? " "}
            slotProps={{ htmlInput: { inputMode: "decimal" } }}
          />
          <TextField select label="Duration" value={duration} onChange={(e) => setDuration(Number(e.target.value))}>
            {c.durations.map((d) => (
              <MenuItem key={d} value={d}>
                {DURATION_LABELS[d] ?? `${d} s`}
              </MenuItem>
            ))}
          </TextField>
          <Typography>
            Payout: <strong>{payout}%</strong>
            {cents && !amountError ? (
              <>
                {" "}
                (win returns <Money cents={mulDivHalfEven(cents, 100 + payout, 100)} />)
              </>
            ) : null}
          </Typography>
          <Typography variant="body2" sx={{ color: "text.secondary" }} data-testid="stake-source">
            Stake from {member.userTrading ? "Wallet (Real)" : "Demo (practice)"}:{" "}
            {balances.data ? <Money cents={member.userTrading ? balances.data.wallet : balances.data.demo} /> : "…"}
          </Typography>
          {stale ? <Alert severity="warning">No recent price for this pair: trading is paused.</Alert> : null}
          {place.isError ? <Alert severity="error">{errorMessage(place.error)}</Alert> : null}
          {placed ? (
            <Alert severity="success">
              {placed}{" "}
              <Box component={RouterLink} to="/on-trade" sx={{ color: "inherit" }}>
                See On Trade
              </Box>
            </Alert>
          ) : null}
          <Stack direction="row" spacing={1}>
            <Button
              fullWidth
              variant="contained"
              color="success"
              startIcon={<ArrowUpwardIcon />}
              disabled={Boolean(amountError) || stale || place.isPending}
              onClick={() => submit("up")}
            >
              Up
            </Button>
            <Button
              fullWidth
              variant="contained"
              color="error"
              // error.dark keeps white text above 4.5:1 in both themes.
              sx={{ bgcolor: "error.dark", "&:hover": { bgcolor: "error.dark", filter: "brightness(0.9)" } }}
              startIcon={<ArrowDownwardIcon />}
              disabled={Boolean(amountError) || stale || place.isPending}
              onClick={() => submit("down")}
            >
              Down
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}

const directionLabel = (d: string) => (d === "up" ? "Up" : "Down");

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
