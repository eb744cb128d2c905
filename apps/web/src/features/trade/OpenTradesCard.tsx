import { Trans, useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import { Link as RouterLink } from "react-router";
import { ListCard } from "../../components/ListCard.tsx";
import { Money } from "../../components/Money.tsx";
import { paths } from "../../lib/paths.ts";
import { useOpenTrades } from "./api.ts";
import { Countdown } from "./Countdown.tsx";
import { directionLabel } from "./model.ts";
import { ContractModeBadge, useCurrentMode } from "./modes.tsx";
import { WinningChip } from "./WinningChip.tsx";

const SHOWN = 5;

/**
 * The dashboard's open trades: the next contracts of the member's current mode (Real or Free) to
 * expire, live, with a link to all of them.
 */
export function OpenTradesCard() {
  const { t } = useLingui();
  const open = useOpenTrades(useCurrentMode());
  const trades = [...(open.data ?? [])].sort((a, b) => a.expiresAt.localeCompare(b.expiresAt));
  const count = trades.length;
  return (
    <ListCard
      id="open-trades-heading"
      title={t`Open trades`}
      query={open}
      empty={
        trades.length === 0 ? (
          <Trans>
            No running contracts.{" "}
            <Link component={RouterLink} to={paths.tradeFirstPair}>
              Trade now
            </Link>
          </Trans>
        ) : null
      }
      more={
        trades.length > 0
          ? { to: paths.onTrade, label: trades.length > SHOWN ? t`All ${count} open trades` : t`On Trade` }
          : null
      }
    >
      {trades.slice(0, SHOWN).map((c) => (
        <Box
          component="li"
          key={c.id}
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
              {c.symbol}/USDT {directionLabel(c.direction)}
            </Box>
            <Box sx={{ color: "text.secondary", fontSize: "0.85rem" }}>
              <Money cents={c.amountCents} />
            </Box>
          </Box>
          <ContractModeBadge account={c.account} />
          <WinningChip winning={c.winning} />
          <Countdown until={c.expiresAt} />
        </Box>
      ))}
    </ListCard>
  );
}
