import { useLingui } from "@lingui/react/macro";
import styles from "./mode-badge.module.css";

/**
 * `Real` when the member trades real money, `Free` when on demo money: MUI's small Chip, drawn in
 * plain CSS since the top bar shows it on every page (decision 0016).
 */
export function ModeBadge({ userTrading, onDark = false }: { userTrading: boolean; onDark?: boolean }) {
  const { t } = useLingui();
  return userTrading ? (
    <span className={`${styles.badge} ${styles.real}`} title={t`Trading mode: real money`}>
      {t`Real`}
    </span>
  ) : (
    <span
      className={onDark ? `${styles.badge} ${styles.free} ${styles.onDark}` : `${styles.badge} ${styles.free}`}
      title={t`Trading mode: free (demo money)`}
    >
      {t`Free`}
    </span>
  );
}
