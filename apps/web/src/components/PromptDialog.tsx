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
import { ApiError, errorMessage } from "../lib/api.ts";
import { PasswordField } from "./PasswordField.tsx";

/** What the dialog asks for: the account password, or a line of text (a reason, a reference). */
export type PromptInput =
  | { kind: "password" }
  | {
      kind: "text";
      /** Label of the field, e.g. "Reason". */
      label: string;
      /** The field's name in the server's field errors, e.g. "reason". */
      field: string;
      helperText?: string;
      minLength?: number;
      maxLength?: number;
      multiline?: boolean;
    };

interface PromptDialogProps {
  open: boolean;
  title: string;
  message: ReactNode;
  input: PromptInput;
  confirmLabel: string;
  confirmColor?: "primary" | "error";
  /** Resolves when done; a thrown error is shown on the field when the server names it, else above it. */
  onSubmit: (value: string) => Promise<unknown>;
  onClose: () => void;
}

function emptyValueError(input: PromptInput, value: string) {
  if (input.kind === "password") return value ? null : "Enter your password.";
  const minLength = input.minLength ?? 3;
  return value.length < minLength ? `At least ${minLength} characters` : null;
}

/** Asks for one value before an action: the password before a sensitive change, a reason before a rejection. */
export function PromptDialog({
  open,
  title,
  message,
  input,
  confirmLabel,
  confirmColor = "primary",
  onSubmit,
  onClose,
}: PromptDialogProps) {
  const titleId = useId();
  const [value, setValue] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = input.kind === "password" ? "password" : input.field;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const entered = input.kind === "password" ? value : value.trim();
    const empty = emptyValueError(input, entered);
    if (empty) {
      setFieldError(empty);
      return;
    }
    setBusy(true);
    setFieldError(null);
    setFormError(null);
    try {
      await onSubmit(entered);
    } catch (error) {
      const own = error instanceof ApiError ? error.fields.find((f) => f.field === field) : undefined;
      if (own) setFieldError(own.message);
      else setFormError(errorMessage(error));
      // A wrong password is typed again from the start.
      if (input.kind === "password") setValue("");
    } finally {
      setBusy(false);
    }
  };

  const onChange = (event: { target: { value: string } }) => {
    setValue(event.target.value);
    setFieldError(null);
  };

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth={input.kind === "password" ? "xs" : "sm"}
      slotProps={{
        transition: {
          onExited: () => {
            setValue("");
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
          {input.kind === "password" ? (
            <PasswordField
              label="Password"
              autoComplete="current-password"
              revealToggle={false}
              autoFocus
              value={value}
              onChange={onChange}
              error={Boolean(fieldError)}
              helperText={fieldError ?? undefined}
              sx={{ mt: 1 }}
            />
          ) : (
            <TextField
              label={input.label}
              value={value}
              onChange={onChange}
              autoFocus
              fullWidth
              multiline={input.multiline}
              minRows={input.multiline ? 2 : undefined}
              error={Boolean(fieldError)}
              helperText={fieldError ?? input.helperText}
              slotProps={{ htmlInput: { maxLength: input.maxLength ?? 500 } }}
              sx={{ mt: 1 }}
            />
          )}
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
