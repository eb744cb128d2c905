import { useLingui } from "@lingui/react/macro";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import { type ReactNode, useId } from "react";

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Colour of the confirm button; "error" for destructive actions. */
  confirmColor?: "primary" | "error";
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** Extra content (a reason field, an error) under the message. */
  children?: ReactNode;
}

export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  confirmColor = "primary",
  busy = false,
  onConfirm,
  onClose,
  children,
}: ConfirmDialogProps) {
  const { t } = useLingui();
  const titleId = useId();
  const messageId = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={messageId}>{message}</DialogContentText>
        {children}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} color="inherit">
          {cancelLabel ?? t`Cancel`}
        </Button>
        <Button onClick={onConfirm} disabled={busy} variant="contained" color={confirmColor}>
          {confirmLabel ?? t`Yes`}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
