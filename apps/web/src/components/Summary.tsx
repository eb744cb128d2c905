import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";

/** A live summary of what a form will do (fee, net, profit…): rows of `SummaryRow`, then a note. */
export function SummaryBox({ label, note, children }: { label: string; note: ReactNode; children: ReactNode }) {
  return (
    <Box sx={{ p: 2, borderRadius: 1, bgcolor: "action.hover" }}>
      <Box component="dl" aria-label={label} aria-live="polite" sx={{ m: 0 }}>
        {children}
      </Box>
      <Typography variant="body2" sx={{ color: "text.secondary", mt: 1 }}>
        {note}
      </Typography>
    </Box>
  );
}

/** One line of a `SummaryBox`: a term and its value; `strong` for the total under a rule. */
export function SummaryRow({
  label,
  children,
  strong = false,
}: {
  label: string;
  children: ReactNode;
  strong?: boolean;
}) {
  return (
    <Box
      sx={[
        { display: "flex", justifyContent: "space-between", gap: 2, py: 0.5, flexWrap: "wrap" },
        strong ? { borderTop: 1, borderColor: "divider", mt: 0.5, pt: 1 } : {},
      ]}
    >
      <Typography
        component="dt"
        sx={{ color: strong ? "text.primary" : "text.secondary", fontWeight: strong ? 700 : 400 }}
      >
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, fontWeight: strong ? 700 : 400 }}>
        {children}
      </Box>
    </Box>
  );
}
