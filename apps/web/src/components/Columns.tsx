import Box from "@mui/material/Box";
import type { SxProps, Theme } from "@mui/material/styles";
import type { ReactNode } from "react";

/** A narrower column (2 parts) beside a wider one (3 parts) from md up; one below the other on phones. */
export const NARROW_THEN_WIDE = { xs: "1fr", md: "minmax(0, 2fr) minmax(0, 3fr)" };

/**
 * Its children side by side in grid tracks, top-aligned (`template`: the grid's columns per
 * breakpoint, e.g. one column on phones and two from md up).
 */
export function Columns({
  template,
  gap = 2,
  sx,
  children,
}: {
  template: string | Partial<Record<"xs" | "sm" | "md" | "lg" | "xl", string>>;
  /** In theme spacing. */
  gap?: number;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  return (
    <Box
      sx={[
        { display: "grid", gap, gridTemplateColumns: template, alignItems: "start" },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </Box>
  );
}
