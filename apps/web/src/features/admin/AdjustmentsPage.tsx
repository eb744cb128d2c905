import type { AdjustmentRequest } from "@helio/shared";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Chip from "@mui/material/Chip";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { DetailList } from "../../components/DetailList.tsx";
import { Money } from "../../components/Money.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { QueryError } from "../../components/QueryError.tsx";
import { errorMessage } from "../../lib/api.ts";
import { formatDateTime } from "../../lib/format.ts";
import { accountLabel } from "../../lib/ledger.ts";
import { useMember } from "../../lib/member.tsx";
import { useStaffMay } from "../../lib/staff.tsx";
import { type AdjustmentFilter, adjustmentsQuery, useAdjustmentDecision } from "./money-api.ts";
import { MemberLine } from "./Queue.tsx";
import { DecisionButtons, RejectDialog } from "./QueueCard.tsx";

const FILTERS: { value: AdjustmentFilter; label: string }[] = [
  { value: "awaiting_second_approval", label: "Awaiting second approval" },
  { value: "approved", label: "Approved" },
  { value: "rejected", label: "Rejected" },
  { value: "all", label: "All" },
];
const STATUS_LABELS: Record<AdjustmentRequest["status"], string> = {
  awaiting_second_approval: "Awaiting second approval",
  approved: "Approved",
  rejected: "Rejected",
};

function AdjustmentItem({
  request: r,
  onDone,
}: {
  request: AdjustmentRequest;
  onDone: (text: string, ok: boolean) => void;
}) {
  const me = useMember();
  const decide = useAdjustmentDecision();
  const mayDecide = useStaffMay("balanceAdjust");
  const [dialog, setDialog] = useState<"approve" | "reject" | null>(null);
  const mine = r.requestedBy === me.uid;
  const what = `${r.amountMicrocents > 0n ? "credit" : "debit"} of ${r.member.fullName}'s ${accountLabel(r.account)}`;
  const approve = async () => {
    try {
      await decide.mutateAsync({ id: r.id, decision: "approve" });
      onDone(`Approved the ${what}: the money moved.`, true);
    } catch (error) {
      onDone(errorMessage(error), false);
    } finally {
      setDialog(null);
    }
  };
  return (
    <Card component="li" variant="outlined" aria-label={`Adjustment of ${r.member.fullName}`}>
      <CardContent sx={{ p: { xs: 2, sm: 2.5 } }}>
        <Box sx={{ display: "flex", justifyContent: "space-between", gap: 2, flexWrap: "wrap", mb: 2 }}>
          <MemberLine member={r.member} />
          <Chip size="small" variant="outlined" label={STATUS_LABELS[r.status]} />
        </Box>
        <DetailList
          columns={3}
          items={[
            { label: "Account", value: accountLabel(r.account) },
            { label: "Amount", value: <Money microcents={r.amountMicrocents} signed sx={{ fontWeight: 700 }} /> },
            { label: "Asked", value: `${formatDateTime(r.requestedAt)}${mine ? " (by you)" : ""}` },
            { label: "Reason", value: r.reason, wide: true },
            ...(r.decidedAt ? [{ label: "Decided", value: formatDateTime(r.decidedAt) }] : []),
          ]}
        />
        {r.rejectReason ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            Rejected: {r.rejectReason}
          </Alert>
        ) : null}
        {r.status === "awaiting_second_approval" && mine ? (
          <Typography variant="body2" sx={{ mt: 2, color: "text.secondary" }}>
            You asked for it: another finance or owner staff member approves it. You may reject it.
          </Typography>
        ) : null}
        {r.status === "awaiting_second_approval" && mayDecide ? (
          <DecisionButtons
            canApprove={!mine}
            busy={decide.isPending}
            onApprove={() => setDialog("approve")}
            onReject={() => setDialog("reject")}
          />
        ) : null}
      </CardContent>
      <ConfirmDialog
        open={dialog === "approve"}
        title="Approve this adjustment?"
        message={`The ${what} is posted at once, with its reason.`}
        confirmLabel="Approve"
        busy={decide.isPending}
        onConfirm={() => void approve()}
        onClose={() => setDialog(null)}
      />
      <RejectDialog
        open={dialog === "reject"}
        title="Reject this adjustment?"
        message="Nothing moves. The reason is kept in the audit log."
        onReject={async (reason) => {
          await decide.mutateAsync({ id: r.id, decision: "reject", reason });
          setDialog(null);
          onDone(`Rejected the ${what}.`, true);
        }}
        onClose={() => setDialog(null)}
      />
    </Card>
  );
}

/** `/admin/adjustments`: balance adjustments above the second-approval amount, for a second approver. */
export function AdjustmentsPage() {
  const [status, setStatus] = useState<AdjustmentFilter>("awaiting_second_approval");
  const requests = useQuery(adjustmentsQuery(status));
  const [notice, setNotice] = useState<{ text: string; ok: boolean } | null>(null);
  return (
    <Box>
      <PageHeader
        title="Adjustments"
        subtitle="Adjustments above the second-approval amount wait here until a second finance or owner staff member approves them."
      />
      <TextField
        select
        label="Status"
        value={status}
        onChange={(event) => setStatus(event.target.value as AdjustmentFilter)}
        sx={{ mb: 2, minWidth: 240 }}
      >
        {FILTERS.map((f) => (
          <MenuItem key={f.value} value={f.value}>
            {f.label}
          </MenuItem>
        ))}
      </TextField>
      {notice ? (
        <Alert severity={notice.ok ? "success" : "error"} role="status" sx={{ mb: 2 }} onClose={() => setNotice(null)}>
          {notice.text}
        </Alert>
      ) : null}
      {requests.isError ? <QueryError error={requests.error} onRetry={() => void requests.refetch()} /> : null}
      {requests.data && requests.data.items.length === 0 ? <Typography>Nothing here.</Typography> : null}
      <Stack component="ul" spacing={2} sx={{ listStyle: "none", p: 0, m: 0 }} aria-label="Adjustment requests">
        {requests.data?.items.map((r) => (
          <AdjustmentItem key={r.id} request={r} onDone={(text, ok) => setNotice({ text, ok })} />
        ))}
      </Stack>
    </Box>
  );
}
