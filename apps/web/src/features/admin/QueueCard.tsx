import type { MemberRef } from "@helio/shared";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import type { ReactNode } from "react";
import { PromptDialog, type PromptInput } from "../../components/PromptDialog.tsx";
import { type MoneyStatus, StatusChip } from "../../components/StatusChip.tsx";
import { MemberLine, REJECTION_REASON } from "./Queue.tsx";

interface QueueCardProps {
  /** The card's accessible name, e.g. "Deposit D-1234". */
  label: string;
  member: MemberRef;
  status: MoneyStatus;
  /** Why it was rejected, if it was. */
  reason: string | null;
  /** The decision buttons, while a decision can be made. */
  actions?: ReactNode;
  /** The details of the request. */
  children: ReactNode;
  /** The dialogs the buttons open. */
  dialogs: ReactNode;
}

/** One request of a back-office queue: whose it is and where it stands, its details, then the decision. */
export function QueueCard({ label, member, status, reason, actions, children, dialogs }: QueueCardProps) {
  return (
    <Card component="li" variant="outlined" aria-label={label}>
      <CardContent sx={{ p: { xs: 2, sm: 2.5 } }}>
        <Box sx={{ display: "flex", justifyContent: "space-between", gap: 2, flexWrap: "wrap", mb: 2 }}>
          <MemberLine member={member} />
          <StatusChip status={status} />
        </Box>
        {children}
        {reason ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            Rejected: {reason}
          </Alert>
        ) : null}
        {actions}
      </CardContent>
      {dialogs}
    </Card>
  );
}

/** Approve (when it can be) and Reject under a request; both wait while a decision is being sent. */
export function DecisionButtons({
  canApprove = true,
  busy = false,
  onApprove,
  onReject,
}: {
  canApprove?: boolean;
  busy?: boolean;
  onApprove: () => void;
  onReject: () => void;
}) {
  return (
    <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", mt: 2 }}>
      {canApprove ? (
        <Button variant="contained" onClick={onApprove} disabled={busy}>
          Approve
        </Button>
      ) : null}
      <Button variant="outlined" color="error" onClick={onReject} disabled={busy}>
        Reject
      </Button>
    </Box>
  );
}

/** Asks for the reason of a rejection (the member reads it), then rejects. */
export function RejectDialog({
  open,
  title,
  message,
  input = REJECTION_REASON,
  onReject,
  onClose,
}: {
  open: boolean;
  title: string;
  message: ReactNode;
  input?: PromptInput;
  onReject: (reason: string) => Promise<void>;
  onClose: () => void;
}) {
  return (
    <PromptDialog
      open={open}
      title={title}
      input={input}
      message={message}
      confirmLabel="Reject"
      confirmColor="error"
      onSubmit={onReject}
      onClose={onClose}
    />
  );
}
