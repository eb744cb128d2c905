import { formatMoney, mulDivHalfEven, type OpenTrade, type TradeContract } from "@helio/shared";
import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import { useTheme } from "@mui/material/styles";
import visuallyHidden from "@mui/utils/visuallyHidden";
import { type IChartApi, type IPriceLine, type ISeriesApi, LineStyle, type UTCTimestamp } from "lightweight-charts";
import { useEffect, useRef, useState } from "react";
import { formatPrice } from "../../lib/format.ts";
import { useDisplayCurrency } from "../../lib/settings.ts";
import { useFormatLocale } from "../../lib/use-locale.ts";
import { liveSocket } from "../../lib/ws.ts";

/** How long a settled contract's result stays on the chart. */
const SETTLED_SHOWN_MS = 5_000;

export type ChartApi = { chart: IChartApi; series: ISeriesApi<"Candlestick"> };

/**
 * What the contract would return over its stake if it ended now, in microcents: the profit (the
 * payout the server would pay, to the microcent, less the stake), minus the stake, or nothing.
 */
export function resultIfEndedNow(p: Pick<OpenTrade, "amountMicrocents" | "payoutPercent" | "winning">): bigint {
  if (p.winning === null) return 0n;
  return p.winning
    ? mulDivHalfEven(p.amountMicrocents, 100 + p.payoutPercent, 100) - p.amountMicrocents
    : -p.amountMicrocents;
}

const timeLeftText = (ms: number) => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return s >= 60 ? `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}` : `0:${String(s).padStart(2, "0")}`;
};

/** Seconds since the epoch of `iso`, as the chart's time scale counts them. */
const chartTime = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/**
 * The member's open contracts on the pair drawn over the chart: each entry price as a line, its
 * expiry as a vertical marker, and a live label (time left, winning or losing, the result if it
 * ended now); a contract that settles leaves, its result shown for a few seconds.
 */
export function ChartPositions({
  api,
  symbol,
  intervalSeconds,
  positions,
}: {
  api: ChartApi | null;
  symbol: string;
  intervalSeconds: number;
  positions: OpenTrade[];
}) {
  const { t } = useLingui();
  const theme = useTheme();
  const locale = useFormatLocale();
  const display = useDisplayCurrency();
  const [now, setNow] = useState(Date.now());
  const [settled, setSettled] = useState<{ contract: TradeContract; until: number }[]>([]);
  const lines = useRef({ api: null as ChartApi | null, byId: new Map<string, IPriceLine>() });

  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 500);
    return () => window.clearInterval(timer);
  }, []);
  // A resize (a phone turned, a window narrowed) moves every coordinate: the labels are placed again
  // at once, in the frame after the chart has redrawn at its new size, not at the next tick.
  useEffect(() => {
    if (!api) return;
    let frame = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setNow(Date.now()));
    });
    observer.observe(api.chart.chartElement());
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, [api]);
  useEffect(
    () =>
      liveSocket.subscribe("trade.settled", (m) => {
        if (m.contract.symbol !== symbol) return;
        setSettled((list) => [...list, { contract: m.contract, until: Date.now() + SETTLED_SHOWN_MS }]);
      }),
    [symbol],
  );
  const shownSettled = settled.filter((s) => s.until > now);

  // The entry lines, kept in step with the open contracts (drawn by the chart itself, on its canvas).
  useEffect(() => {
    if (!api) return;
    // The chart is made again with the theme: its lines went with the old one.
    if (lines.current.api !== api) lines.current = { api, byId: new Map() };
    const map = lines.current.byId;
    const wanted = new Set(positions.map((p) => p.id));
    for (const [id, line] of map) {
      if (!wanted.has(id)) {
        api.series.removePriceLine(line);
        map.delete(id);
      }
    }
    for (const p of positions) {
      if (map.has(p.id)) continue;
      const colour = p.direction === "up" ? theme.palette.success.main : theme.palette.error.main;
      map.set(
        p.id,
        api.series.createPriceLine({
          price: Number(p.entryPrice),
          color: colour,
          lineWidth: 1,
          lineStyle: LineStyle.Dashed,
          axisLabelVisible: true,
          title: p.direction === "up" ? "↑" : "↓",
        }),
      );
    }
  }, [api, positions, theme]);

  if (!api) return null;
  const money = (microcents: bigint) => {
    const sign = microcents > 0n ? "+" : "";
    return display.rate === null ? "…" : `${sign}${formatMoney(microcents, display.currency, display.rate, locale)}`;
  };
  const timeScale = api.chart.timeScale();
  const paneWidth = timeScale.width();
  const paneHeight = api.chart.paneSize().height;
  const data = api.series.data();
  const lastTime = data.at(-1)?.time as UTCTimestamp | undefined;
  const lastX = lastTime === undefined ? null : timeScale.timeToCoordinate(lastTime);
  const barSpacing = timeScale.options().barSpacing;
  /** The x of a moment, past the last bar too (the time scale knows only the bars' times). */
  const xOf = (seconds: number) => {
    if (lastTime === undefined || lastX === null) return null;
    const bucket = Math.floor(seconds / intervalSeconds) * intervalSeconds;
    const x =
      lastX +
      ((bucket - lastTime) / intervalSeconds) * barSpacing +
      ((seconds - bucket) / intervalSeconds) * barSpacing;
    return Math.min(Math.max(x, 0), paneWidth - 1);
  };
  const yOf = (price: string) => api.series.priceToCoordinate(Number(price));

  return (
    <>
      {positions.map((p) => {
        const x = xOf(chartTime(p.expiresAt));
        const y = yOf(p.entryPrice);
        const result = resultIfEndedNow(p);
        const left = timeLeftText(Date.parse(p.expiresAt) - now);
        const state = p.winning === null ? t`even` : p.winning ? t`winning` : t`losing`;
        const direction = p.direction === "up" ? t`Up` : t`Down`;
        const colour = p.winning === null ? "text.secondary" : p.winning ? "success.main" : "error.main";
        const resultText = money(result);
        return (
          <Box key={p.id} data-testid="chart-position" data-contract={p.id}>
            {x === null ? null : (
              <Box
                data-testid="position-expiry"
                aria-hidden
                sx={{
                  position: "absolute",
                  top: 0,
                  bottom: 28,
                  left: x,
                  borderInlineStart: "2px dashed",
                  borderColor: p.direction === "up" ? "success.main" : "error.main",
                  pointerEvents: "none",
                  "[dir=rtl] &": { left: x, right: "auto" },
                }}
              />
            )}
            <Box
              data-testid="position-label"
              sx={{
                position: "absolute",
                // The chart does not mirror in Arabic: its left stays left.
                left: 4,
                // Above the entry line in the pane's lower half, below it in the upper half: a label
                // that wraps (a longer language, a narrow phone) grows away from the pane's edge.
                ...(y === null
                  ? { top: 4 }
                  : y > paneHeight / 2
                    ? { top: y - 4, transform: "translateY(-100%)" }
                    : { top: Math.max(0, y + 4) }),
                px: 0.75,
                py: 0.25,
                borderRadius: 1,
                bgcolor: "background.paper",
                border: 1,
                borderColor: colour,
                fontSize: 12,
                lineHeight: 1.5,
                fontVariantNumeric: "tabular-nums",
                pointerEvents: "none",
                // Within the pane, beside the price scale, and within the chart after a resize (the
                // pane's width is read at the last draw): a longer label wraps rather than being cut.
                maxWidth: `min(${Math.max(paneWidth - 8, 0)}px, calc(100% - 8px))`,
                overflowWrap: "anywhere",
              }}
            >
              {direction} · <span dir="ltr">{left}</span> ·{" "}
              <Box component="span" sx={{ color: colour, fontWeight: 700 }}>
                {state} <span dir="ltr">{resultText}</span>
              </Box>
            </Box>
          </Box>
        );
      })}
      {shownSettled.map(({ contract: c }) => {
        const y = yOf(c.entryPrice);
        const won = c.result === "win";
        const change = (c.payoutMicrocents ?? 0n) - c.amountMicrocents;
        const outcome =
          c.result === "win" ? t`Won` : c.result === "loss" ? t`Lost` : c.result === "void" ? t`Void` : t`Even`;
        return (
          <Box
            key={c.id}
            data-testid="position-settled"
            role="status"
            sx={{
              position: "absolute",
              left: 4,
              top: y === null ? 4 : Math.max(0, y - 26),
              px: 0.75,
              py: 0.25,
              borderRadius: 1,
              bgcolor: won ? "success.dark" : c.result === "loss" ? "error.dark" : "grey.700",
              color: "#ffffff",
              fontSize: 12,
              fontWeight: 700,
              pointerEvents: "none",
            }}
          >
            {outcome} <span dir="ltr">{money(change)}</span>
          </Box>
        );
      })}
      {/* Lines that wrap inside the hidden box, so that none reaches past the screen's edge. */}
      <Box component="ul" sx={{ ...visuallyHidden, whiteSpace: "normal" }} data-testid="chart-positions-list">
        {positions.map((p) => {
          const price = formatPrice(p.entryPrice);
          const left = timeLeftText(Date.parse(p.expiresAt) - now);
          return (
            <li key={p.id}>
              {p.direction === "up"
                ? t`Up contract from ${price}, ${left} left`
                : t`Down contract from ${price}, ${left} left`}
            </li>
          );
        })}
      </Box>
    </>
  );
}
