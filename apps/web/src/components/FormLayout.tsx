import { Trans } from "@lingui/react/macro";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import DialogActions from "@mui/material/DialogActions";
import Stack from "@mui/material/Stack";
import type { FormEventHandler, ReactNode } from "react";
import { ReadOnlyNote, useReadOnlyReason } from "../lib/read-only.tsx";

/**
 * A form whose parts stand in a column: `heading` first (a heading, or the outcome of the last
 * submit), then the error of the last submit (what did not belong to one field), then the fields.
 */
export function FormStack({
  onSubmit,
  error,
  heading,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  error?: string | null;
  heading?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={2}>
        {heading}
        {error ? <Alert severity="error">{error}</Alert> : null}
        {children}
      </Stack>
    </Box>
  );
}

/** The row under a form: its submit button (`busyLabel` while sent), then `children` (a link back, Cancel…). */
export function FormButtons({
  label,
  busyLabel,
  busy,
  disabled = false,
  children,
}: {
  label: string;
  busyLabel: string;
  busy: boolean;
  /** Disabled besides while busy. */
  disabled?: boolean;
  children?: ReactNode;
}) {
  const readOnly = useReadOnlyReason();
  return (
    <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
      <Button type="submit" variant="contained" disabled={busy || disabled || Boolean(readOnly)}>
        {busy ? busyLabel : label}
      </Button>
      {children}
      <ReadOnlyNote reason={readOnly} />
    </Box>
  );
}

/** The buttons of a dialog that is a form: Cancel, then its submit button (`busyLabel` while sent). */
export function DialogButtons({
  label,
  busyLabel,
  busy,
  color = "primary",
  onCancel,
}: {
  label: string;
  busyLabel: string;
  busy: boolean;
  color?: "primary" | "error";
  onCancel: () => void;
}) {
  const readOnly = useReadOnlyReason();
  return (
    <DialogActions sx={{ flexWrap: "wrap" }}>
      <ReadOnlyNote reason={readOnly} />
      <Button onClick={onCancel} disabled={busy} color="inherit">
        <Trans>Cancel</Trans>
      </Button>
      <Button type="submit" variant="contained" color={color} disabled={busy || Boolean(readOnly)}>
        {busy ? busyLabel : label}
      </Button>
    </DialogActions>
  );
}
