import { useLingui } from "@lingui/react/macro";
import Chip from "@mui/material/Chip";

/** `Real` when the member trades real money, `Free` when on demo money. */
export function ModeBadge({ userTrading, onDark = false }: { userTrading: boolean; onDark?: boolean }) {
  const { t } = useLingui();
  return userTrading ? (
    <Chip label={t`Real`} size="small" color="secondary" title={t`Trading mode: real money`} sx={{ fontWeight: 700 }} />
  ) : (
    <Chip
      label={t`Free`}
      size="small"
      variant="outlined"
      title={t`Trading mode: free (demo money)`}
      sx={[{ fontWeight: 700 }, onDark ? { color: "#ffffff", borderColor: "rgba(255,255,255,0.7)" } : {}]}
    />
  );
}
