import { pairOf } from "@helio/shared/pairs";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link as RouterLink } from "react-router";
import { listCardStyles as card } from "../../components/ListCard.tsx";
import { errorMessage } from "../../lib/api.ts";
import { formatPrice } from "../../lib/format.ts";
import { paths } from "../../lib/paths.ts";
import { useLivePairs } from "./api.ts";
import { formatChange } from "./format.ts";
import styles from "./market-overview.module.css";

/**
 * The dashboard's market overview: the 12 pairs with last price and 24h change, live; each opens its
 * trade screen. Plain CSS, as the dashboard's other cards (decision 0017).
 */
export function MarketOverview() {
  const { t } = useLingui();
  const pairs = useLivePairs();
  return (
    <section className={card.card} aria-labelledby="markets-heading">
      <h2 id="markets-heading" className={card.h2}>
        <Trans>Markets</Trans>
      </h2>
      {pairs.isError ? (
        <div role="alert" className={card.error}>
          {errorMessage(pairs.error)}
        </div>
      ) : (
        <ul className={styles.grid}>
          {(pairs.data ?? Array.from({ length: 12 }, () => null)).map((pair, index) =>
            pair ? (
              <li key={pair.symbol} className={styles.item}>
                <RouterLink
                  className={styles.row}
                  to={paths.tradePair(pair.symbol, pairOf(pair.symbol)?.name ?? pair.name)}
                  data-testid="market-row"
                >
                  <span className={styles.names}>
                    <span className={styles.symbol}>{pair.symbol}/USDT</span>{" "}
                    <span className={styles.name}>{pair.label}</span>
                  </span>
                  <span className={styles.price}>{pair.stale ? t`Paused` : formatPrice(pair.price)}</span>
                  {/* Left to right in Arabic too: "-0.48%", not "0.48%-". */}
                  <span
                    dir="ltr"
                    className={pair.change24h?.startsWith("-") ? `${styles.change} ${styles.falling}` : styles.change}
                  >
                    {formatChange(pair.change24h) ?? "—"}
                  </span>
                </RouterLink>
              </li>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
              <li key={index} className={styles.placeholder}>
                <span className={card.lineSkeleton} data-skeleton="" />
              </li>
            ),
          )}
        </ul>
      )}
    </section>
  );
}
