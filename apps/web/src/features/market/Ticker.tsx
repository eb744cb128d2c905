import { type PairQuote, pairOf } from "@helio/shared";
import Box from "@mui/material/Box";
import { Link as RouterLink } from "react-router";
import { formatPrice } from "../../lib/format.ts";
import { paths } from "../../lib/paths.ts";
import { useLivePairs } from "./api.ts";

function Item({ pair }: { pair: PairQuote }) {
  const change = pair.change24h;
  const down = change?.startsWith("-");
  const name = pairOf(pair.symbol)?.name ?? pair.name;
  return (
    <Box
      component={RouterLink}
      to={paths.tradePair(pair.symbol, name)}
      aria-label={`${pair.symbol}/USDT ${pair.price ?? "no price"}${change ? `, ${change}% in 24 hours` : ""}`}
      sx={{
        display: "inline-flex",
        gap: 1,
        alignItems: "baseline",
        px: 2,
        color: "text.primary",
        textDecoration: "none",
        whiteSpace: "nowrap",
        fontSize: 13,
        "&:hover, &:focus-visible": { textDecoration: "underline" },
      }}
    >
      <Box component="span" sx={{ fontWeight: 600 }}>
        {pair.symbol}/USDT
      </Box>
      <Box component="span" sx={{ fontVariantNumeric: "tabular-nums" }}>
        {pair.price ? formatPrice(pair.price) : "—"}
      </Box>
      {change ? (
        <Box component="span" sx={{ color: down ? "error.main" : "success.main", fontVariantNumeric: "tabular-nums" }}>
          {down ? "" : "+"}
          {change}%
        </Box>
      ) : null}
    </Box>
  );
}

/**
 * The ticker of the 12 pairs under the top bar: live from the server, themed like the page. A
 * strip that scrolls sideways on narrow screens (no endless animation: it would keep the page busy).
 */
export function Ticker() {
  const pairs = useLivePairs();
  const list = pairs.data ?? [];
  return (
    <Box
      component="nav"
      aria-label="Market ticker"
      data-testid="ticker"
      sx={{
        overflowX: "auto",
        overflowY: "hidden",
        scrollbarWidth: "none",
        "&::-webkit-scrollbar": { display: "none" },
        height: 32,
        display: "flex",
        alignItems: "center",
        bgcolor: "background.paper",
        borderBottom: 1,
        borderColor: "divider",
      }}
    >
      {list.map((p) => (
        <Item key={p.symbol} pair={p} />
      ))}
    </Box>
  );
}
