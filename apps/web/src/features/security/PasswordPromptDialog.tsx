import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import { type FormEvent, useEffect, useId, useState } from "react";
import { PasswordField } from "../../components/PasswordField.tsx";
import { errorMessage } from "../../lib/api.ts";

interface PasswordPromptDialogProps {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  confirmColor?: "primary" | "error";
  onSubmit: (password: string) => Promise<void>;
  onClose: () => void;
}

/** Asks for the account password before a sensitive change. */
export function PasswordPromptDialog({
  open,
  title,
  description,
  confirmLabel,
  confirmColor = "primary",
  onSubmit,
  onClose,
}: PasswordPromptDialogProps) {
  const titleId = useId();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (open) {
      setPassword("");
      setError(null);
    }
  }, [open]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError("Enter your password.");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSubmit(password);
    } catch (cause) {
      setError(errorMessage(cause));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{description}</DialogContentText>
          {error ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          ) : null}
          <PasswordField
            label="Password"
            autoComplete="current-password"
            revealToggle={false}
            autoFocus
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy} color="inherit">
            Cancel
          </Button>
          <Button type="submit" variant="contained" color={confirmColor} disabled={busy}>
            {busy ? "Please wait…" : confirmLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
