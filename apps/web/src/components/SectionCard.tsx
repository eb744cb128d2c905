import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import type { SxProps, Theme } from "@mui/material/styles";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";

interface SectionCardProps {
  /**
   * The id of the h2. With it the card is a region named by its heading (a `section`); without it,
   * a plain card whose heading only titles it (a part of a form page, say).
   */
  id?: string;
  title: ReactNode;
  /** A quieter line under the heading. */
  description?: ReactNode;
  /** Beside the heading, on its line while it fits (a status chip). */
  aside?: ReactNode;
  /** The space between the heading (or the description) and the content, in theme spacing. */
  headingGap?: number;
  sx?: SxProps<Theme>;
  children: ReactNode;
}

/** A card with an h2 title, an optional description, then the content. */
export function SectionCard({ id, title, description, aside, headingGap = 2, sx, children }: SectionCardProps) {
  // The gap goes under whatever stands last above the content.
  const gap = { mb: headingGap };
  const heading = (
    <Typography id={id} variant="h2" component="h2" sx={aside || description ? undefined : gap}>
      {title}
    </Typography>
  );
  return (
    <Card component={id ? "section" : "div"} aria-labelledby={id} sx={sx}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        {aside ? (
          <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap", ...(description ? {} : gap) }}>
            {heading}
            {aside}
          </Box>
        ) : (
          heading
        )}
        {description ? (
          <Typography variant="body2" sx={{ color: "text.secondary", mt: 0.5, ...gap }}>
            {description}
          </Typography>
        ) : null}
        {children}
      </CardContent>
    </Card>
  );
}
