import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";

interface PageSectionProps {
  /** The id of the h2, which names the section. */
  id: string;
  title: ReactNode;
  /** On the heading's line, at its end (an export button). */
  actions?: ReactNode;
  /** The space under the heading, in theme spacing. */
  headingGap?: number;
  children: ReactNode;
}

/** A part of a page outside any card (a history, a list of investments): a region named by its h2. */
export function PageSection({ id, title, actions, headingGap = 2, children }: PageSectionProps) {
  return (
    <Box component="section" aria-labelledby={id}>
      {actions ? (
        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2, alignItems: "center", mb: headingGap }}>
          <Typography id={id} variant="h2" component="h2" sx={{ flexGrow: 1 }}>
            {title}
          </Typography>
          {actions}
        </Box>
      ) : (
        <Typography id={id} variant="h2" component="h2" sx={{ mb: headingGap }}>
          {title}
        </Typography>
      )}
      {children}
    </Box>
  );
}
