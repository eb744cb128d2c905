import Chip from "@mui/material/Chip";

/** `Real` when the member trades real money, `Free` when on demo money. */
export function ModeBadge({ userTrading, onDark = false }: { userTrading: boolean; onDark?: boolean }) {
  return userTrading ? (
    <Chip label="Real" size="small" color="secondary" title="Trading mode: real money" sx={{ fontWeight: 700 }} />
  ) : (
    <Chip
      label="Free"
      size="small"
      variant="outlined"
      title="Trading mode: free (demo money)"
      sx={[{ fontWeight: 700 }, onDark ? { color: "#ffffff", borderColor: "rgba(255,255,255,0.7)" } : {}]}
    />
  );
}
