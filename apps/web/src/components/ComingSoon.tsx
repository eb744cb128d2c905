import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router";
import { PageHeader } from "./PageHeader.tsx";

interface ComingSoonProps {
  title: string;
  /** A line saying what the screen will do once it exists. */
  description?: string;
  /** Content kept from the original screens (e.g. the index text 'Select an invoice'). */
  children?: ReactNode;
}

/** A screen whose feature is not built yet. It says so plainly and does nothing else. */
export function ComingSoon({ title, description, children }: ComingSoonProps) {
  return (
    <Box>
      <PageHeader title={title} />
      {children ? <Box sx={{ mb: 2 }}>{children}</Box> : null}
      <Alert severity="info" sx={{ mb: 2 }}>
        <Typography component="p" sx={{ fontWeight: 600 }}>
          This feature is not available yet.
        </Typography>
        {description ? <Typography component="p">{description}</Typography> : null}
        <Typography component="p">Nothing on this page moves money or stores data yet.</Typography>
      </Alert>
      <Button component={RouterLink} to="/" variant="outlined">
        Back to the dashboard
      </Button>
    </Box>
  );
}
