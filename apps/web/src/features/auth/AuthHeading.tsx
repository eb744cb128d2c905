import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";

/** Title (the page's h1) and intro line of a centred page. */
export function AuthHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Box sx={{ mb: 3 }}>
      <Typography variant="h1" component="h1" sx={{ textAlign: "center" }}>
        {title}
      </Typography>
      {children ? (
        <Typography component="div" sx={{ mt: 1, color: "text.secondary", textAlign: "center" }}>
          {children}
        </Typography>
      ) : null}
    </Box>
  );
}
