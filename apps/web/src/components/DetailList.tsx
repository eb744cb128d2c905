import Box from "@mui/material/Box";
import type { SxProps, Theme } from "@mui/material/styles";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";

export interface Detail {
  label: string;
  value: ReactNode;
  /** A long value (reference, account number): a whole row on phones. */
  wide?: boolean;
}

interface DetailListProps {
  items: Detail[];
  /** Columns on wide screens (md and up). */
  columns?: number;
  /** Columns on phones (xs); tablets (sm) have 2 unless `columns` is 1. */
  phoneColumns?: 1 | 2;
  /** The look of the values (a larger, bolder figure on a summary). */
  valueSx?: SxProps<Theme>;
}

const repeat = (count: number) => (count === 1 ? "1fr" : `repeat(${count}, minmax(0, 1fr))`);

/** Label/value pairs as a description list: 2 columns on phones, up to `columns` on wider screens. */
export function DetailList({ items, columns = 2, phoneColumns = columns === 1 ? 1 : 2, valueSx }: DetailListProps) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: "grid",
        gap: 2,
        gridTemplateColumns: {
          xs: repeat(phoneColumns),
          sm: repeat(columns === 1 ? 1 : 2),
          md: `repeat(${columns}, minmax(0, 1fr))`,
        },
      }}
    >
      {items.map((item) => (
        <Box key={item.label} sx={{ minWidth: 0, gridColumn: item.wide ? { xs: "1 / -1", md: "auto" } : undefined }}>
          <Typography component="dt" variant="body2" sx={{ color: "text.secondary" }}>
            {item.label}
          </Typography>
          <Box
            component="dd"
            // A size container, so an amount inside shrinks to fit rather than run into the next column.
            sx={[
              { m: 0, wordBreak: "break-word", containerType: "inline-size" },
              ...(Array.isArray(valueSx) ? valueSx : [valueSx]),
            ]}
          >
            {item.value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
