import Chip from "@mui/material/Chip";

/** Whether a running contract would win if it settled now (null: the price has not moved). */
export function WinningChip({ winning }: { winning: boolean | null }) {
  if (winning === null) return <Chip size="small" label="Even" />;
  return winning ? (
    <Chip size="small" color="success" label="Winning" />
  ) : (
    <Chip size="small" color="error" label="Losing" />
  );
}
