import { useLingui } from "@lingui/react/macro";
import Chip from "@mui/material/Chip";

/** Whether a running contract would win if it settled now (null: the price has not moved). */
export function WinningChip({ winning }: { winning: boolean | null }) {
  const { t } = useLingui();
  if (winning === null) return <Chip size="small" label={t`Even`} />;
  return winning ? (
    <Chip size="small" color="success" label={t`Winning`} />
  ) : (
    <Chip size="small" color="error" label={t`Losing`} />
  );
}
