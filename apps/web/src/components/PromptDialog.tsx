import { z } from "@helio/shared/zod";
import { zodResolver } from "@hookform/resolvers/zod";
import { useLingui } from "@lingui/react/macro";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Dialog from "@mui/material/Dialog";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import TextField from "@mui/material/TextField";
import { type ReactNode, useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useDialogOpening } from "../lib/dialog-opening.ts";
import { applyServerErrors, fieldProps } from "../lib/form.ts";
import { DialogButtons } from "./FormLayout.tsx";
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
      /** The field may stay empty (the action then goes without it); `minLength` applies once typed. */
      optional?: boolean;
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

/** The check of the value (password: typed at all; text: trimmed, at least `minLength`). */
function valueSchema(input: PromptInput) {
  if (input.kind === "password") return z.string().check(z.minLength(1, "Enter your password."));
  const minLength = input.minLength ?? 3;
  const typed = z.string().check(z.trim(), z.minLength(minLength, `At least ${minLength} characters`));
  return input.optional ? z.union([z.string().check(z.trim(), z.length(0)), typed]) : typed;
}

/**
 * Asks for one value before an action: the password before a sensitive change, a reason before a
 * rejection. Every opening starts with an empty field and no error (`useDialogOpening`).
 */
export function PromptDialog(props: PromptDialogProps) {
  return <PromptDialogForm key={useDialogOpening(props.open)} {...props} />;
}

function PromptDialogForm({
  open,
  title,
  message,
  input,
  confirmLabel,
  confirmColor = "primary",
  onSubmit,
  onClose,
}: PromptDialogProps) {
  const { t } = useLingui();
  const titleId = useId();
  const [formError, setFormError] = useState<string | null>(null);
  // The value goes by the server's name of it, so that its field error lands on the input.
  const field = input.kind === "password" ? "password" : input.field;
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting: busy },
  } = useForm<Record<string, string>>({
    resolver: zodResolver(z.object({ [field]: valueSchema(input) })),
    defaultValues: { [field]: "" },
  });

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit(values[field] ?? "");
    } catch (error) {
      setFormError(applyServerErrors(error, setError, [field]));
      // A wrong password is typed again from the start.
      if (input.kind === "password") setValue(field, "");
    }
  });
  const valueProps = (helperText?: string) => fieldProps(register(field), errors[field], helperText);

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth={input.kind === "password" ? "xs" : "sm"}
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
              label={t`Password`}
              autoComplete="current-password"
              revealToggle={false}
              autoFocus
              {...valueProps()}
              sx={{ mt: 1 }}
            />
          ) : (
            <TextField
              label={input.label}
              autoFocus
              fullWidth
              multiline={input.multiline}
              minRows={input.multiline ? 2 : undefined}
              {...valueProps(input.helperText)}
              slotProps={{ htmlInput: { maxLength: input.maxLength ?? 500 } }}
              sx={{ mt: 1 }}
            />
          )}
        </DialogContent>
        <DialogButtons
          label={confirmLabel}
          busyLabel={t`Please wait…`}
          busy={busy}
          color={confirmColor}
          onCancel={onClose}
        />
      </Box>
    </Dialog>
  );
}
