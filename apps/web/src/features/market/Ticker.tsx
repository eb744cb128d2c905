import { type PairQuote, pairOf } from "@helio/shared";
import Box from "@mui/material/Box";
import { keyframes } from "@mui/material/styles";
import { Link as RouterLink } from "react-router";
import { formatPrice } from "../../lib/format.ts";
import { paths } from "../../lib/paths.ts";
import { useLivePairs } from "./api.ts";

function Item({ pair, copy = false }: { pair: PairQuote; copy?: boolean }) {
  const change = pair.change24h;
  const down = change?.startsWith("-");
  const name = pairOf(pair.symbol)?.name ?? pair.name;
  // No aria-label: the link's name is the text it shows, separated by spaces (WCAG 2.5.3).
  return (
    <Box
      component={RouterLink}
      to={paths.tradePair(pair.symbol, name)}
      tabIndex={copy ? -1 : undefined}
      sx={{
        px: 2,
        color: "text.primary",
        textDecoration: "none",
        whiteSpace: "nowrap",
        fontSize: 13,
        fontVariantNumeric: "tabular-nums",
        "&:hover, &:focus-visible": { textDecoration: "underline" },
      }}
    >
      <Box component="span" sx={{ fontWeight: 600 }}>
        {pair.symbol}/USDT
      </Box>{" "}
      {pair.price ? formatPrice(pair.price) : "—"}
      {change ? (
        <>
          {" "}
          {/* Left to right in Arabic too: "-0.48%", not "0.48%-". */}
          <Box component="span" dir="ltr" sx={{ color: down ? "error.main" : "success.main", unicodeBidi: "isolate" }}>
            {down ? "" : "+"}
            {change}%
          </Box>
        </>
      ) : null}
    </Box>
  );
}

const scroll = keyframes`
  from { transform: translateX(0); }
  to { transform: translateX(-50%); }
`;

/**
 * The ticker of the 12 pairs under the top bar, live from the server. It scrolls on by itself so
 * every pair passes, twice-drawn for a seamless loop (the copy is hidden from assistive technology
 * and the tab order); it stops under the pointer or the keyboard focus. With reduced motion it
 * stands still and scrolls sideways by hand instead.
 */
export function Ticker() {
  const pairs = useLivePairs();
  const list = pairs.data ?? [];
  // About 4 s per pair keeps a price readable while it passes.
  const seconds = Math.max(list.length, 1) * 4;
  return (
    <Box
      component="nav"
      aria-label="Market ticker"
      data-testid="ticker"
      sx={{
        overflow: "hidden",
        height: 32,
        display: "flex",
        alignItems: "center",
        bgcolor: "background.paper",
        borderBottom: 1,
        borderColor: "divider",
        "@media (prefers-reduced-motion: reduce)": { overflowX: "auto", scrollbarWidth: "thin" },
      }}
    >
      <Box
        data-testid="ticker-track"
        sx={{
          display: "flex",
          flex: "none",
          animation: list.length ? `${scroll} ${seconds}s linear infinite` : "none",
          "nav:hover > &, nav:focus-within > &": { animationPlayState: "paused" },
          "@media (prefers-reduced-motion: reduce)": { animation: "none" },
        }}
      >
        <Box sx={{ display: "flex", flex: "none" }}>
          {list.map((p) => (
            <Item key={p.symbol} pair={p} />
          ))}
        </Box>
        <Box
          aria-hidden
          sx={{ display: "flex", flex: "none", "@media (prefers-reduced-motion: reduce)": { display: "none" } }}
        >
          {list.map((p) => (
            <Item key={p.symbol} pair={p} copy />
          ))}
        </Box>
      </Box>
    </Box>
  );
}
