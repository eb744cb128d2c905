import type { Candle, CandleInterval, OpenTrade } from "@helio/shared";
import { INTERVAL_SECONDS } from "@helio/shared";
import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import { type Palette, useTheme } from "@mui/material/styles";
import {
  type CandlestickData,
  CandlestickSeries,
  type ChartOptions,
  ColorType,
  createChart,
  type DeepPartial,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from "lightweight-charts";
import { useEffect, useRef, useState } from "react";
import { formatChartPrice, priceDecimals } from "../../lib/format.ts";
import { liveSocket } from "../../lib/ws.ts";
import { type ChartApi, ChartPositions } from "./ChartPositions.tsx";
import { intervalLabel } from "./model.ts";

const toBar = (c: Candle): CandlestickData<UTCTimestamp> => ({
  time: c.time as UTCTimestamp,
  open: Number(c.open),
  high: Number(c.high),
  low: Number(c.low),
  close: Number(c.close),
});

/**
 * Axis labels and the crosshair grouped like every other price ("96,400.00", not "96400.00"), with
 * the pair's own number of decimals.
 */
function localizationFor(candles: Candle[]) {
  const decimals = priceDecimals(candles.at(-1)?.close);
  return { priceFormatter: (price: number) => formatChartPrice(price, decimals) };
}

/** The chart's options in `palette`'s colours, for `candles`' price decimals. */
export function chartOptions(palette: Palette, candles: Candle[]): DeepPartial<ChartOptions> {
  return {
    autoSize: true,
    localization: localizationFor(candles),
    layout: {
      background: { type: ColorType.Solid, color: palette.background.paper },
      textColor: palette.text.secondary,
      attributionLogo: false,
    },
    grid: {
      vertLines: { color: palette.divider },
      horzLines: { color: palette.divider },
    },
    // The newest bar stays at the right edge (no scrolling into the future): the library then
    // pulls the last time label in beside the price scale instead of cutting it ("01:3"), which it
    // does only for a fixed edge.
    timeScale: { timeVisible: true, secondsVisible: false, borderColor: palette.divider, fixRightEdge: true },
    // A price label at the top or bottom edge is drawn only when it fits whole, never cut in half.
    rightPriceScale: { borderColor: palette.divider, entireTextOnly: true },
  };
}

/** Live candlestick chart of one pair: history from the server, then each tick folded into the last bar. */
export function CandleChart({
  symbol,
  interval,
  candles,
  positions = [],
}: {
  symbol: string;
  interval: CandleInterval;
  candles: Candle[];
  /** The member's open contracts on this pair, drawn over the chart. */
  positions?: OpenTrade[];
}) {
  const { t } = useLingui();
  const theme = useTheme();
  const [api, setApi] = useState<ChartApi | null>(null);
  const holder = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const seriesRef = useRef<ISeriesApi<"Candlestick"> | null>(null);
  const lastRef = useRef<CandlestickData<UTCTimestamp> | null>(null);
  const candlesRef = useRef(candles);
  candlesRef.current = candles;

  useEffect(() => {
    const el = holder.current;
    if (!el) return;
    const chart = createChart(el, chartOptions(theme.palette, candlesRef.current));
    const series = chart.addSeries(CandlestickSeries, {
      upColor: theme.palette.success.main,
      downColor: theme.palette.error.main,
      wickUpColor: theme.palette.success.main,
      wickDownColor: theme.palette.error.main,
      borderVisible: false,
    });
    chartRef.current = chart;
    seriesRef.current = series;
    const data = candlesRef.current.map(toBar);
    series.setData(data);
    lastRef.current = data.at(-1) ?? null;
    setApi({ chart, series });
    return () => {
      setApi(null);
      chart.remove();
      chartRef.current = null;
      seriesRef.current = null;
    };
  }, [theme]);

  useEffect(() => {
    const data = candles.map(toBar);
    chartRef.current?.applyOptions({ localization: localizationFor(candles) });
    seriesRef.current?.setData(data);
    lastRef.current = data.at(-1) ?? null;
    chartRef.current?.timeScale().scrollToRealTime();
  }, [candles]);

  useEffect(() => {
    const seconds = INTERVAL_SECONDS[interval];
    return liveSocket.subscribe("ticks", (m) => {
      const tick = m.ticks.find((t) => t.symbol === symbol);
      const series = seriesRef.current;
      if (!tick || !series) return;
      const price = Number(tick.price);
      const time = (Math.floor(Date.parse(tick.at) / 1000 / seconds) * seconds) as UTCTimestamp;
      const last = lastRef.current;
      if (last && time < last.time) return;
      const bar =
        last && last.time === time
          ? { ...last, high: Math.max(last.high, price), low: Math.min(last.low, price), close: price }
          : { time, open: last?.close ?? price, high: price, low: price, close: price };
      series.update(bar);
      lastRef.current = bar;
      if (holder.current) holder.current.dataset.updates = String(Number(holder.current.dataset.updates ?? 0) + 1);
    });
  }, [symbol, interval]);

  const pairName = `${symbol}/USDT`;
  const shownInterval = intervalLabel(interval);
  return (
    <Box sx={{ position: "relative" }} dir="ltr">
      <Box
        ref={holder}
        role="img"
        aria-label={t`${pairName} candlestick chart, ${shownInterval} candles`}
        data-testid="candle-chart"
        sx={{ width: "100%", height: { xs: 260, md: 420 } }}
      />
      <ChartPositions api={api} symbol={symbol} intervalSeconds={INTERVAL_SECONDS[interval]} positions={positions} />
    </Box>
  );
}
