import {
  DURATION_LABELS,
  mulDivHalfEven,
  type OpenTrade,
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
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { Money } from "../../components/Money.tsx";
import { PageLoader } from "../../components/PageLoader.tsx";
import { errorMessage } from "../../lib/api.ts";
import { useMemberBalances } from "../../lib/balances.ts";
import { formatPrice } from "../../lib/format.ts";
import { useIdempotencyKey } from "../../lib/idempotency.ts";
import { useMember } from "../../lib/member.tsx";
import { tradeConfigQuery, usePlaceTrade } from "./api.ts";

/** The trade page's order form: amount, duration, payout, the stake's account, then Up or Down. */
export function OrderPanel({ symbol, stale }: { symbol: string; stale: boolean }) {
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
