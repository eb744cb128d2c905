import { Trans, useLingui } from "@lingui/react/macro";
import { CardLink, listCardStyles as card, ListCard } from "../../components/ListCard.tsx";
import { Money } from "../../components/Money.tsx";
import { paths } from "../../lib/paths.ts";
import { useOpenTrades } from "./api.ts";
import { Countdown } from "./Countdown.tsx";
import { directionLabel } from "./model.ts";
import { ContractModeBadge, useCurrentMode } from "./modes.tsx";
import styles from "./open-trades.module.css";
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
            No running contracts. <CardLink to={paths.tradeFirstPair}>Trade now</CardLink>
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
        <li key={c.id} data-testid="dashboard-open-trade" className={`${card.row} ${styles.trade}`}>
          <div className={styles.what}>
            <span className={card.strong}>
              {c.symbol}/USDT {directionLabel(c.direction)}
            </span>
            <div className={card.small}>
              <Money microcents={c.amountMicrocents} />
            </div>
          </div>
          <ContractModeBadge account={c.account} />
          <WinningChip winning={c.winning} />
          <Countdown until={c.expiresAt} />
        </li>
      ))}
    </ListCard>
  );
}
