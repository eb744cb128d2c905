import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { FormEventHandler, ReactNode } from "react";
import { Link as RouterLink } from "react-router";

interface AuthLayoutProps {
  /** The page's h1. */
  title: string;
  /** The line under the title. */
  intro?: ReactNode;
  /** A large icon above the title. */
  icon?: ReactNode;
  /** Makes the page a form. */
  onSubmit?: FormEventHandler<HTMLFormElement>;
  /** An outcome to read first (a password just changed). */
  notice?: ReactNode;
  /** The error of the last submit, above the fields. */
  error?: string | null;
  /** The fields, buttons and links, in a column. */
  children: ReactNode;
}

/** The body of a centred page (sign-in, registration, password reset…): its heading, then its parts. */
export function AuthLayout({ title, intro, icon, onSubmit, notice, error, children }: AuthLayoutProps) {
  return (
    <Box component={onSubmit ? "form" : "div"} noValidate={onSubmit ? true : undefined} onSubmit={onSubmit}>
      {icon ? <Box sx={{ display: "flex", justifyContent: "center", mb: 1 }}>{icon}</Box> : null}
      <Box sx={{ mb: 3 }}>
        <Typography variant="h1" component="h1" sx={{ textAlign: "center" }}>
          {title}
        </Typography>
        {intro ? (
          <Typography component="div" sx={{ mt: 1, color: "text.secondary", textAlign: "center" }}>
            {intro}
          </Typography>
        ) : null}
      </Box>
      <Stack spacing={2}>
        {notice}
        {error ? <Alert severity="error">{error}</Alert> : null}
        {children}
      </Stack>
    </Box>
  );
}

/** The main button of a centred form; `busyLabel` while it is sent. */
export function AuthSubmit({ label, busyLabel, busy }: { label: string; busyLabel: string; busy: boolean }) {
  return (
    <Button type="submit" variant="contained" size="large" disabled={busy}>
      {busy ? busyLabel : label}
    </Button>
  );
}

/** The centred line under a form: a question and the link that answers it ("Already verified? Sign in"). */
export function AuthLink({ question, to, label }: { question: string; to: string; label: string }) {
  return (
    <Typography variant="body2" sx={{ textAlign: "center" }}>
      {question}{" "}
      <Link component={RouterLink} to={to}>
        {label}
      </Link>
    </Typography>
  );
}

/**
 * A centred page that only tells an outcome (a link sent, a password changed, a link that does not
 * work) and offers the one way on. A success is announced politely; an error, at once.
 */
export function AuthOutcome({
  title,
  severity,
  action,
  children,
}: {
  title: string;
  severity: "success" | "error";
  action: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <AuthLayout title={title}>
      <Alert severity={severity} role={severity === "success" ? "status" : undefined}>
        {children}
      </Alert>
      <Button component={RouterLink} to={action.to} variant="contained">
        {action.label}
      </Button>
    </AuthLayout>
  );
}
