import { useLingui } from "@lingui/react/macro";
import { listCardStyles as styles } from "../../components/ListCard.tsx";

/**
 * Whether a running contract would win if it settled now (null: the price has not moved). MUI's small
 * Chip in plain CSS: the dashboard's open trades show it (decision 0017).
 */
export function WinningChip({ winning }: { winning: boolean | null }) {
  const { t } = useLingui();
  if (winning === null) return <span className={styles.chip}>{t`Even`}</span>;
  return winning ? (
    <span className={`${styles.chip} ${styles.success}`}>{t`Winning`}</span>
  ) : (
    <span className={`${styles.chip} ${styles.error}`}>{t`Losing`}</span>
  );
}
