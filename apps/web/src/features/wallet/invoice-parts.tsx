import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router";
import { PageHeader } from "../../components/PageHeader.tsx";
import { type MoneyStatus, StatusChip } from "../../components/StatusChip.tsx";

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

interface InvoiceSectionProps {
  /** The id of the heading, which names the section. */
  headingId: string;
  title: string;
  /** The request's status, as a chip beside the heading (announced when it changes). */
  status?: MoneyStatus;
  /** The space below the heading (theme spacing). */
  headingGap?: number;
  children: ReactNode;
}

/** A card section of a request's page, named by its h2. */
export function InvoiceSection({ headingId, title, status, headingGap = 2, children }: InvoiceSectionProps) {
  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        {status === undefined ? (
          <Typography id={headingId} variant="h2" component="h2" sx={{ mb: headingGap }}>
            {title}
          </Typography>
        ) : (
          <Box sx={{ display: "flex", alignItems: "center", gap: 1, mb: headingGap, flexWrap: "wrap" }}>
            <Typography id={headingId} variant="h2" component="h2">
              {title}
            </Typography>
            <Box aria-live="polite">
              <StatusChip status={status} size="medium" />
            </Box>
          </Box>
        )}
        {children}
      </CardContent>
    </Card>
  );
}
