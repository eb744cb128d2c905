import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import TextField from "@mui/material/TextField";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { ApiError, errorMessage } from "../../lib/api.ts";

interface TextPromptDialogProps {
  open: boolean;
  title: string;
  message: ReactNode;
  /** Label of the text field, e.g. "Reason". */
  label: string;
  /** Field name in the server's field errors, e.g. "reason". */
  field: string;
  helperText?: string;
  minLength?: number;
  maxLength?: number;
  multiline?: boolean;
  confirmLabel: string;
  confirmColor?: "primary" | "error";
  /** Resolves when done; a thrown error is shown in the dialog. */
  onSubmit: (text: string) => Promise<unknown>;
  onClose: () => void;
}

/** A dialog that asks for one line of text (a rejection reason, a payout reference) before acting. */
export function TextPromptDialog({
  open,
  title,
  message,
  label,
  field,
  helperText,
  minLength = 3,
  maxLength = 500,
  multiline = false,
  confirmLabel,
  confirmColor = "primary",
  onSubmit,
  onClose,
}: TextPromptDialogProps) {
  const titleId = useId();
  const [text, setText] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (value.length < minLength) {
      setFieldError(`At least ${minLength} characters`);
      return;
    }
    setBusy(true);
    setFieldError(null);
    setFormError(null);
    try {
      await onSubmit(value);
    } catch (error) {
      const own = error instanceof ApiError ? error.fields.find((f) => f.field === field) : undefined;
      if (own) setFieldError(own.message);
      else setFormError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      slotProps={{
        transition: {
          onExited: () => {
            setText("");
            setFieldError(null);
            setFormError(null);
          },
        },
      }}
    >
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText component="div" sx={{ mb: 2 }}>
            {message}
          </DialogContentText>
          {formError ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {formError}
            </Alert>
          ) : null}
          <TextField
            label={label}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setFieldError(null);
            }}
            autoFocus
            fullWidth
            multiline={multiline}
            minRows={multiline ? 2 : undefined}
            error={Boolean(fieldError)}
            helperText={fieldError ?? helperText}
            slotProps={{ htmlInput: { maxLength } }}
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
