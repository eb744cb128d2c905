import { CANDLE_INTERVALS, type CandleInterval, pairOf } from "@helio/shared";
import { useLingui } from "@lingui/react/macro";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Chip from "@mui/material/Chip";
import Stack from "@mui/material/Stack";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Navigate, useNavigate, useParams } from "react-router";
import { NotFound } from "../../components/NotFound.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { PageLoader } from "../../components/PageLoader.tsx";
import { errorMessage } from "../../lib/api.ts";
import { formatPrice } from "../../lib/format.ts";
import { paths } from "../../lib/paths.ts";
import { RiskWarning } from "../legal/index.ts";
import { BreakNotice } from "../protection/index.ts";
import { candlesQuery, useOpenTrades, usePairs } from "./api.ts";
import { CandleChart } from "./CandleChart.tsx";
import { intervalLabel } from "./model.ts";
import { OrderPanel } from "./OrderPanel.tsx";
import { ChangeText, PairPicker } from "./PairPicker.tsx";
import { DOCKED_BAR_VARIABLE } from "./use-docked-bar.ts";

/** `/trade` → the first pair. */
export function TradeIndexPage() {
  return <Navigate to={paths.tradeFirstPair} replace />;
}

/** `/trade/:sym/:name`: live chart, last price, pair picker and the order panel. */
export function TradePairPage() {
  const { sym = "" } = useParams();
  const pair = pairOf(sym);
  const navigate = useNavigate();
  const [interval, setCandleInterval] = useState<CandleInterval>("1m");
  const { t } = useLingui();
  const pairs = usePairs();
  const open = useOpenTrades();
  const candles = useQuery({ ...candlesQuery(pair?.symbol ?? "BTC", interval), enabled: Boolean(pair) });
  if (!pair) return <NotFound />;
  const quote = pairs.data?.find((p) => p.symbol === pair.symbol);
  const pairName = `${pair.symbol}/USDT`;

  return (
    <>
      <PageHeader
        title={t`Trade ${pairName}`}
        subtitle={
          <Stack direction="row" spacing={2} sx={{ alignItems: "baseline", flexWrap: "wrap" }}>
            <Typography component="span" sx={{ fontSize: 24, fontWeight: 700 }} data-testid="last-price">
              {formatPrice(quote?.price)}
            </Typography>
            <ChangeText change={quote?.change24h ?? null} />
            {quote?.stale ? <Chip size="small" color="warning" label={t`Market paused`} /> : null}
          </Stack>
        }
        actions={
          <PairPicker
            symbol={pair.symbol}
            quotes={pairs.data}
            onPick={(next) => navigate(paths.tradePair(next.symbol, next.name))}
          />
        }
      />
      <BreakNotice realOnly />
      <RiskWarning sx={{ mb: 2 }} />
      <Box
        sx={{
          display: "grid",
          gap: 2,
          gridTemplateColumns: { xs: "1fr", md: "minmax(0, 1fr) 340px" },
          // Room under the chart for the order bar docked at the bottom on phones: its own height
          // (use-docked-bar.ts), longer in some languages.
          pb: { xs: `var(${DOCKED_BAR_VARIABLE}, 260px)`, md: 0 },
        }}
      >
        <Card variant="outlined" sx={{ minWidth: 0 }}>
          <CardContent sx={{ p: { xs: 1, sm: 2 } }}>
            <ToggleButtonGroup
              size="small"
              exclusive
              value={interval}
              onChange={(_e, v: CandleInterval | null) => v && setCandleInterval(v)}
              aria-label={t`Candle interval`}
              sx={{ mb: 1 }}
            >
              {CANDLE_INTERVALS.map((i) => {
                const shown = intervalLabel(i);
                return (
                  <ToggleButton key={i} value={i} aria-label={t`${shown} candles`}>
                    {shown}
                  </ToggleButton>
                );
              })}
            </ToggleButtonGroup>
            {candles.isError ? <Alert severity="error">{errorMessage(candles.error)}</Alert> : null}
            {candles.data ? (
              <CandleChart
                symbol={pair.symbol}
                interval={interval}
                candles={candles.data.candles}
                positions={open.data?.filter((c) => c.symbol === pair.symbol) ?? []}
              />
            ) : (
              <PageLoader />
            )}
          </CardContent>
        </Card>
        <OrderPanel symbol={pair.symbol} stale={pairs.data ? (quote?.stale ?? false) : null} />
      </Box>
    </>
  );
}
