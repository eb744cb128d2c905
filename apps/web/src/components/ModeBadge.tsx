import { useLingui } from "@lingui/react/macro";
import Chip from "@mui/material/Chip";

type ModeBadgeProps = {
  userTrading: boolean;
  onDark?: boolean;
  /** Makes the badge a button (the top bar's: it opens the mode switch). */
  onClick?: () => void;
  /** The button's name, when it is one. */
  ariaLabel?: string;
};

/** `Real` when the member trades real money, `Free` when on demo money. */
export function ModeBadge({ userTrading, onDark = false, onClick, ariaLabel }: ModeBadgeProps) {
  const { t } = useLingui();
  const action = onClick ? { onClick, "aria-label": ariaLabel, "aria-haspopup": "dialog" as const } : {};
  return userTrading ? (
    <Chip
      label={t`Real`}
      size="small"
      color="secondary"
      title={t`Trading mode: real money`}
      sx={{ fontWeight: 700 }}
      {...action}
    />
  ) : (
    <Chip
      label={t`Free`}
      size="small"
      variant="outlined"
      title={t`Trading mode: free (demo money)`}
      sx={[{ fontWeight: 700 }, onDark ? { color: "#ffffff", borderColor: "rgba(255,255,255,0.7)" } : {}]}
      {...action}
    />
  );
}
