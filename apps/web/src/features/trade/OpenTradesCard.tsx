import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import { Link as RouterLink } from "react-router";
import { ListCard } from "../../components/ListCard.tsx";
import { Money } from "../../components/Money.tsx";
import { paths } from "../../lib/paths.ts";
import { useOpenTrades } from "./api.ts";
import { Countdown } from "./Countdown.tsx";
import { ContractModeBadge, useCurrentMode } from "./modes.tsx";
import { WinningChip } from "./WinningChip.tsx";

const SHOWN = 5;

/**
 * The dashboard's open trades: the next contracts of the member's current mode (Real or Free) to
 * expire, live, with a link to all of them.
 */
export function OpenTradesCard() {
  const open = useOpenTrades(useCurrentMode());
  const trades = [...(open.data ?? [])].sort((a, b) => a.expiresAt.localeCompare(b.expiresAt));
  return (
    <ListCard
      id="open-trades-heading"
      title="Open trades"
      query={open}
      empty={
        trades.length === 0 ? (
          <>
            No running contracts.{" "}
            <Link component={RouterLink} to={paths.tradeFirstPair}>
              Trade now
            </Link>
          </>
        ) : null
      }
      more={
        trades.length > 0
          ? { to: paths.onTrade, label: trades.length > SHOWN ? `All ${trades.length} open trades` : "On Trade" }
          : null
      }
    >
      {trades.slice(0, SHOWN).map((t) => (
        <Box
          component="li"
          key={t.id}
          data-testid="dashboard-open-trade"
          sx={{
            display: "grid",
            gridTemplateColumns: "minmax(0, 1fr) auto auto auto",
            alignItems: "center",
            gap: 1,
            py: 1,
            borderBottom: 1,
            borderColor: "divider",
          }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Box component="span" sx={{ fontWeight: 600 }}>
              {t.symbol}/USDT {t.direction === "up" ? "Up" : "Down"}
            </Box>
            <Box sx={{ color: "text.secondary", fontSize: "0.85rem" }}>
              <Money cents={t.amountCents} />
            </Box>
          </Box>
          <ContractModeBadge account={t.account} />
          <WinningChip winning={t.winning} />
          <Countdown until={t.expiresAt} />
        </Box>
      ))}
    </ListCard>
  );
}
