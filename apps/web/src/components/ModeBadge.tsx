import { useLingui } from "@lingui/react/macro";
import styles from "./mode-badge.module.css";

type ModeBadgeProps = {
  userTrading: boolean;
  onDark?: boolean;
  /** Makes the badge a button (the top bar's: it opens the mode switch). */
  onClick?: () => void;
  /** The button's name, when it is one. */
  ariaLabel?: string;
};

/**
 * `Real` when the member trades real money, `Free` when on demo money: MUI's small Chip, drawn in
 * plain CSS since the top bar shows it on every page (decision 0016); a button when `onClick` is set.
 */
export function ModeBadge({ userTrading, onDark = false, onClick, ariaLabel }: ModeBadgeProps) {
  const { t } = useLingui();
  const Badge = onClick ? "button" : "span";
  const action = onClick
    ? { type: "button" as const, onClick, "aria-label": ariaLabel, "aria-haspopup": "dialog" as const }
    : {};
  return userTrading ? (
    <Badge className={`${styles.badge} ${styles.real}`} title={t`Trading mode: real money`} {...action}>
      {t`Real`}
    </Badge>
  ) : (
    <Badge
      className={onDark ? `${styles.badge} ${styles.free} ${styles.onDark}` : `${styles.badge} ${styles.free}`}
      title={t`Trading mode: free (demo money)`}
      {...action}
    >
      {t`Free`}
    </Badge>
  );
}
