import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";

/** A row of labelled figures (opening, money in, …, closing) that wraps on a phone. */
export function Figures({ label, items }: { label: string; items: { label: string; value: ReactNode }[] }) {
  return (
    <Box
      component="dl"
      aria-label={label}
      sx={{
        m: 0,
        mb: 2,
        display: "grid",
        gap: 1.5,
        gridTemplateColumns: { xs: "1fr 1fr", md: `repeat(${items.length}, minmax(0, 1fr))` },
      }}
    >
      {items.map((item) => (
        <Box key={item.label} sx={{ p: 1.5, borderRadius: 1, bgcolor: "action.hover", minWidth: 0 }}>
          <Typography component="dt" variant="body2" sx={{ color: "text.secondary" }}>
            {item.label}
          </Typography>
          <Box component="dd" sx={{ m: 0, fontWeight: 700 }}>
            {item.value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
