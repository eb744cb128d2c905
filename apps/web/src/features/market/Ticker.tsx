import type { PairQuote } from "@helio/shared";
import { pairOf } from "@helio/shared/pairs";
import { useLingui } from "@lingui/react/macro";
import type { CSSProperties } from "react";
import { Link as RouterLink } from "react-router";
import { formatPrice } from "../../lib/format.ts";
import { paths } from "../../lib/paths.ts";
import { useLivePairs } from "./api.ts";
import styles from "./ticker.module.css";

function Item({ pair, copy = false }: { pair: PairQuote; copy?: boolean }) {
  const change = pair.change24h;
  const down = change?.startsWith("-");
  const name = pairOf(pair.symbol)?.name ?? pair.name;
  // No aria-label: the link's name is the text it shows, separated by spaces (WCAG 2.5.3).
  return (
    <RouterLink to={paths.tradePair(pair.symbol, name)} tabIndex={copy ? -1 : undefined} className={styles.item}>
      <span className={styles.symbol}>{pair.symbol}/USDT</span> {pair.price ? formatPrice(pair.price) : "—"}
      {change ? (
        <>
          {" "}
          {/* Left to right in Arabic too: "-0.48%", not "0.48%-". */}
          <span className={down ? styles.down : styles.up} dir="ltr" style={{ unicodeBidi: "isolate" }}>
            {down ? "" : "+"}
            {change}%
          </span>
        </>
      ) : null}
    </RouterLink>
  );
}

/**
 * The ticker of the 12 pairs under the top bar, live from the server. It scrolls on by itself so
 * every pair passes, twice-drawn for a seamless loop (the copy is hidden from assistive technology
 * and the tab order); it stops under the pointer or the keyboard focus. With reduced motion it
 * stands still and scrolls sideways by hand instead.
 */
export function Ticker() {
  const { t } = useLingui();
  const pairs = useLivePairs();
  const list = pairs.data ?? [];
  // About 4 s per pair keeps a price readable while it passes.
  const seconds = Math.max(list.length, 1) * 4;
  // Plain CSS (decision 0016): the ticker is part of the frame on every page.
  const track = { "--ticker-seconds": `${seconds}s` } as CSSProperties;
  return (
    <nav aria-label={t`Market ticker`} data-testid="ticker" className={styles.ticker}>
      <div
        data-testid="ticker-track"
        className={list.length ? `${styles.track} ${styles.moving}` : styles.track}
        style={track}
      >
        <div className={styles.run}>
          {list.map((p) => (
            <Item key={p.symbol} pair={p} />
          ))}
        </div>
        <div aria-hidden className={`${styles.run} ${styles.copy}`}>
          {list.map((p) => (
            <Item key={p.symbol} pair={p} copy />
          ))}
        </div>
      </div>
    </nav>
  );
}
