import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";

export interface Detail {
  label: string;
  value: ReactNode;
  /** A long value (reference, account number): a whole row on phones. */
  wide?: boolean;
}

/** Label/value pairs as a description list: 2 columns on phones, up to `columns` on wider screens. */
export function DetailList({ items, columns = 2 }: { items: Detail[]; columns?: 1 | 2 | 3 }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: "grid",
        gap: 2,
        gridTemplateColumns: {
          xs: columns === 1 ? "1fr" : "repeat(2, minmax(0, 1fr))",
          sm: columns === 1 ? "1fr" : "repeat(2, minmax(0, 1fr))",
          md: `repeat(${columns}, minmax(0, 1fr))`,
        },
      }}
    >
      {items.map((item) => (
        <Box key={item.label} sx={{ minWidth: 0, gridColumn: item.wide ? { xs: "1 / -1", md: "auto" } : undefined }}>
          <Typography component="dt" variant="body2" sx={{ color: "text.secondary" }}>
            {item.label}
          </Typography>
          <Box component="dd" sx={{ m: 0, wordBreak: "break-word" }}>
            {item.value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
