import { type AdminWithdrawal, WITHDRAWAL_STATUSES } from "@helio/shared";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { CopyButton } from "../../components/CopyButton.tsx";
import { DetailList } from "../../components/DetailList.tsx";
import { Money } from "../../components/Money.tsx";
import { PromptDialog } from "../../components/PromptDialog.tsx";
import { StatusChip, statusLabel } from "../../components/StatusChip.tsx";
import { formatDateTime } from "../../lib/format.ts";
import { useWithdrawalDecision, type WithdrawalFilter, withdrawalsQuery } from "./money-api.ts";
import { MemberLine, QueuePage, REJECTION_REASON } from "./Queue.tsx";

const FILTERS: { value: WithdrawalFilter; label: string }[] = [
  ...WITHDRAWAL_STATUSES.map((s) => ({ value: s, label: statusLabel(s) })),
  { value: "all", label: "All" },
];

function WithdrawalItem({ withdrawal: w, onDone }: { withdrawal: AdminWithdrawal; onDone: (text: string) => void }) {
  const decide = useWithdrawalDecision();
  const [dialog, setDialog] = useState<"approve" | "reject" | null>(null);
  const d = w.destination;
  return (
    <Card component="li" variant="outlined" aria-label={`Withdrawal of ${w.member.fullName}`}>
      <CardContent sx={{ p: { xs: 2, sm: 2.5 } }}>
        <Box sx={{ display: "flex", justifyContent: "space-between", gap: 2, flexWrap: "wrap", mb: 2 }}>
          <MemberLine member={w.member} />
          <StatusChip status={w.status} />
        </Box>
        <DetailList
          columns={3}
          items={[
            { label: "Amount", value: <Money cents={w.amountCents} /> },
            { label: "Fee", value: <Money cents={w.feeCents} /> },
            { label: "Pay out (net)", value: <Money cents={w.netCents} sx={{ fontWeight: 700 }} /> },
            { label: "Bank", value: d.bankName },
            { label: "Account holder", value: d.accountHolder },
            {
              label: "Account number",
              wide: true,
              value: (
                <Box component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 0.5 }}>
                  <Box component="span" sx={{ fontFamily: "monospace", wordBreak: "break-all" }}>
                    {d.accountNumber}
                  </Box>
                  <CopyButton value={d.accountNumber} label="Copy the account number" />
                </Box>
              ),
            },
            { label: "SWIFT/BIC", value: d.swift ?? "—" },
            { label: "Branch", value: d.branch ?? "—" },
            { label: "Requested", value: formatDateTime(w.createdAt) },
            ...(w.payoutReference ? [{ label: "Payout reference", value: w.payoutReference }] : []),
            ...(w.reviewedAt ? [{ label: "Reviewed", value: formatDateTime(w.reviewedAt) }] : []),
          ]}
        />
        {w.reason ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            Rejected: {w.reason}
          </Alert>
        ) : null}
        {w.status === "pending" ? (
          <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", mt: 2 }}>
            <Button variant="contained" onClick={() => setDialog("approve")}>
              Approve
            </Button>
            <Button variant="outlined" color="error" onClick={() => setDialog("reject")}>
              Reject
            </Button>
          </Box>
        ) : null}
      </CardContent>
      <PromptDialog
        open={dialog === "approve"}
        title="Approve this withdrawal?"
        input={{
          kind: "text",
          label: "Payout reference",
          field: "payoutReference",
          maxLength: 100,
          helperText: "The bank's reference of the transfer you made (at least 3 characters).",
        }}
        message={
          <Typography component="span">
            Pay <Money cents={w.netCents} /> to {d.accountHolder} ({d.bankName} {d.accountNumber}) first, then enter the
            payout reference from your bank.
          </Typography>
        }
        confirmLabel="Approve"
        onSubmit={async (payoutReference) => {
          await decide.mutateAsync({ id: w.id, decision: "approve", payoutReference });
          setDialog(null);
          onDone(`Withdrawal of ${w.member.fullName} approved (payout ${payoutReference}).`);
        }}
        onClose={() => setDialog(null)}
      />
      <PromptDialog
        open={dialog === "reject"}
        title="Reject this withdrawal?"
        input={REJECTION_REASON}
        message={
          <Typography component="span">
            <Money cents={w.amountCents} /> goes back to the member's wallet. The member reads the reason.
          </Typography>
        }
        confirmLabel="Reject"
        confirmColor="error"
        onSubmit={async (reason) => {
          await decide.mutateAsync({ id: w.id, decision: "reject", reason });
          setDialog(null);
          onDone(`Withdrawal of ${w.member.fullName} rejected: the amount went back to the wallet.`);
        }}
        onClose={() => setDialog(null)}
      />
    </Card>
  );
}

/** `/admin/withdrawals`: the withdrawal queue (default: pending, oldest first). */
export function WithdrawalsQueuePage() {
  return (
    <QueuePage
      title="Withdrawals"
      subtitle="Pay the net amount to the member's account, then approve with the payout reference."
      label="Withdrawals"
      statuses={FILTERS}
      fallback="pending"
      query={withdrawalsQuery}
      renderItem={(w, onDone) => (
        <WithdrawalItem key={w.id} withdrawal={w} onDone={(text) => onDone({ kind: "success", text })} />
      )}
    />
  );
}
