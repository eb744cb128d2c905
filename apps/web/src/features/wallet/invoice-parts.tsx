import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router";
import { PageHeader } from "../../components/PageHeader.tsx";

interface InvoiceLayoutProps {
  title: string;
  subtitle: ReactNode;
  /** The way back to the list of these requests. */
  back: { to: string; label: string };
  /** Keep the column of sections narrower than the page. */
  maxWidth?: number;
  /** The sections, one below the other. */
  children: ReactNode;
  /** What stands outside the column (dialogs). */
  after?: ReactNode;
}

/** One request's page (a deposit invoice, a withdrawal): the heading with the way back, then its sections. */
export function InvoiceLayout({ title, subtitle, back, maxWidth, children, after }: InvoiceLayoutProps) {
  return (
    <Box>
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={
          <Button component={RouterLink} to={back.to} color="inherit">
            {back.label}
          </Button>
        }
      />
      <Stack spacing={3} sx={maxWidth === undefined ? undefined : { maxWidth }}>
        {children}
      </Stack>
      {after}
    </Box>
  );
}
