import { pairOf } from "@helio/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router";
import { errorMessage } from "../../lib/api.ts";
import { formatPrice } from "../../lib/format.ts";
import { paths } from "../../lib/paths.ts";
import { useLivePairs } from "./api.ts";
import { formatChange } from "./format.ts";

/** The dashboard's market overview: the 12 pairs with last price and 24h change, live; each opens its trade screen. */
export function MarketOverview() {
  const { t } = useLingui();
  const pairs = useLivePairs();
  return (
    <Card component="section" aria-labelledby="markets-heading">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="markets-heading" variant="h2" component="h2" sx={{ mb: 1.5 }}>
          <Trans>Markets</Trans>
        </Typography>
        {pairs.isError ? (
          <Alert severity="error">{errorMessage(pairs.error)}</Alert>
        ) : (
          <Box
            component="ul"
            sx={{
              listStyle: "none",
              m: 0,
              p: 0,
              display: "grid",
              columnGap: 3,
              gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr", lg: "repeat(3, minmax(0, 1fr))" },
            }}
          >
            {(pairs.data ?? Array.from({ length: 12 }, () => null)).map((pair, index) =>
              pair ? (
                <Box component="li" key={pair.symbol} sx={{ borderBottom: 1, borderColor: "divider" }}>
                  <Box
                    component={RouterLink}
                    to={paths.tradePair(pair.symbol, pairOf(pair.symbol)?.name ?? pair.name)}
                    data-testid="market-row"
                    sx={{
                      display: "grid",
                      gridTemplateColumns: "minmax(0, 1fr) auto 4.5rem",
                      alignItems: "center",
                      gap: 1,
                      py: 1,
                      color: "text.primary",
                      textDecoration: "none",
                      "&:hover, &:focus-visible": { textDecoration: "underline" },
                    }}
                  >
                    {/* The coin's name always on its own line, cut with an ellipsis when long, so rows align. */}
                    <Box component="span" sx={{ minWidth: 0, display: "flex", flexDirection: "column" }}>
                      <Box component="span" sx={{ fontWeight: 600 }}>
                        {pair.symbol}/USDT
                      </Box>{" "}
                      <Box
                        component="span"
                        sx={{
                          color: "text.secondary",
                          fontSize: "0.85rem",
                          overflow: "hidden",
                          textOverflow: "ellipsis",
                          whiteSpace: "nowrap",
                        }}
                      >
                        {pair.label}
                      </Box>
                    </Box>
                    <Box component="span" sx={{ fontVariantNumeric: "tabular-nums" }}>
                      {pair.stale ? t`Paused` : formatPrice(pair.price)}
                    </Box>
                    {/* Left to right in Arabic too: "-0.48%", not "0.48%-". */}
                    <Box
                      component="span"
                      dir="ltr"
                      sx={{
                        textAlign: "right",
                        fontVariantNumeric: "tabular-nums",
                        color: pair.change24h?.startsWith("-") ? "error.main" : "success.main",
                      }}
                    >
                      {formatChange(pair.change24h) ?? "—"}
                    </Box>
                  </Box>
                </Box>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
                <Box component="li" key={index} sx={{ py: 1 }}>
                  <Skeleton variant="text" />
                </Box>
              ),
            )}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
