import { type AdminWithdrawal, API, WITHDRAWAL_STATUSES } from "@helio/shared";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { CopyButton } from "../../components/CopyButton.tsx";
import { DetailList } from "../../components/DetailList.tsx";
import { PromptDialog } from "../../components/PromptDialog.tsx";
import { statusLabel } from "../../components/StatusChip.tsx";
import { withQuery } from "../../lib/api.ts";
import { formatDateTime } from "../../lib/format.ts";
import { useMember } from "../../lib/member.tsx";
import { useStaffMay } from "../../lib/staff.tsx";
import { LocalAndUsd, withdrawalAmountItems } from "./LocalFigures.tsx";
import { useWithdrawalDecision, type WithdrawalFilter, withdrawalsQuery } from "./money-api.ts";
import { QueuePage } from "./Queue.tsx";
import { DecisionButtons, QueueCard, RejectDialog } from "./QueueCard.tsx";

/** The status filters, worded when drawn: a module's top level runs before the language is active. */
const filters = (): { value: WithdrawalFilter; label: string }[] => [
  ...WITHDRAWAL_STATUSES.map((s) => ({ value: s, label: statusLabel(s) })),
  { value: "all", label: "All" },
];

/** How long before the request the bank account changed, in words ("26 h", "3 days"). */
export function changedBefore(changedAt: string, requestedAt: string): string {
  const hours = Math.max(0, Math.round((Date.parse(requestedAt) - Date.parse(changedAt)) / 3_600_000));
  return hours < 48 ? `${hours} h` : `${Math.round(hours / 24)} days`;
}

/** What the operator checks before paying: the holder against the verified name, a recent bank change. */
function WithdrawalChecks({ w }: { w: AdminWithdrawal }) {
  const { kycName, nameMismatch, bankChangedAt } = w.checks;
  return (
    <Box sx={{ display: "grid", gap: 1, mb: 2 }}>
      {nameMismatch ? (
        <Alert severity="warning" data-testid="name-mismatch">
          The account holder “{w.destination.accountHolder}” does not match the verified name
          {kycName ? ` “${kycName}”` : " (no approved KYC)"}. Check that the account is the member's own before paying.
        </Alert>
      ) : null}
      {bankChangedAt ? (
        <Alert severity={nameMismatch ? "warning" : "info"} data-testid="bank-changed">
          The bank account was changed {formatDateTime(bankChangedAt)}, {changedBefore(bankChangedAt, w.createdAt)}{" "}
          before this request.
        </Alert>
      ) : null}
    </Box>
  );
}

function WithdrawalItem({ withdrawal: w, onDone }: { withdrawal: AdminWithdrawal; onDone: (text: string) => void }) {
  const decide = useWithdrawalDecision();
  const [dialog, setDialog] = useState<"approve" | "reject" | null>(null);
  const mayDecide = useStaffMay("withdrawalsDecide");
  const me = useMember();
  const firstApprovalIsMine = w.firstApproval?.adminId === me.uid;
  const d = w.destination;
  return (
    <QueueCard
      label={`Withdrawal of ${w.member.fullName}`}
      member={w.member}
      status={w.status}
      reason={w.reason}
      actions={
        w.status === "pending" && mayDecide ? (
          <DecisionButtons
            canApprove={!firstApprovalIsMine}
            onApprove={() => setDialog("approve")}
            onReject={() => setDialog("reject")}
          />
        ) : null
      }
      dialogs={
        <>
          <PromptDialog
            open={dialog === "approve"}
            title={
              w.needsSecondApproval && !w.firstApproval
                ? "Give the first of two approvals?"
                : "Approve this withdrawal?"
            }
            input={{
              kind: "text",
              label: "Payout reference",
              field: "payoutReference",
              maxLength: 100,
              helperText: "The bank's reference of the transfer you made (at least 3 characters).",
            }}
            message={
              <Typography component="span">
                Pay{" "}
                <LocalAndUsd
                  local={w.local ? { ...w.local, amount: w.local.net } : null}
                  microcents={w.netMicrocents}
                />{" "}
                to {d.accountHolder} ({d.bankName} {d.accountNumber}) first, then enter the payout reference from your
                bank.
              </Typography>
            }
            confirmLabel="Approve"
            onSubmit={async (payoutReference) => {
              const answer = await decide.mutateAsync({ id: w.id, decision: "approve", payoutReference });
              setDialog(null);
              onDone(
                answer.status === "pending"
                  ? `First approval of ${w.member.fullName}'s withdrawal recorded: another finance or owner staff member gives the second, and the money moves then.`
                  : `Withdrawal of ${w.member.fullName} approved (payout ${payoutReference}).`,
              );
            }}
            onClose={() => setDialog(null)}
          />
          <RejectDialog
            open={dialog === "reject"}
            title="Reject this withdrawal?"
            message={
              <Typography component="span">
                <LocalAndUsd local={w.local} microcents={w.amountMicrocents} /> goes back to the member's wallet. The
                member reads the reason.
              </Typography>
            }
            onReject={async (reason) => {
              await decide.mutateAsync({ id: w.id, decision: "reject", reason });
              setDialog(null);
              onDone(`Withdrawal of ${w.member.fullName} rejected: the amount went back to the wallet.`);
            }}
            onClose={() => setDialog(null)}
          />
        </>
      }
    >
      <WithdrawalChecks w={w} />
      {w.status === "pending" && w.needsSecondApproval ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {w.firstApproval
            ? `Awaiting second approval: first approved ${formatDateTime(w.firstApproval.at)}${
                firstApprovalIsMine ? " by you; another finance or owner staff member gives the second" : ""
              }.`
            : "Above the second-approval amount: it needs two approvals by different staff members."}
        </Alert>
      ) : null}
      <DetailList
        columns={3}
        items={[
          ...withdrawalAmountItems(w),
          { label: "Bank", value: d.bankName },
          { label: "Account holder", value: d.accountHolder },
          { label: "Verified name (KYC)", value: w.checks.kycName ?? "—" },
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
    </QueueCard>
  );
}

/** `/admin/withdrawals`: the withdrawal queue (default: pending, oldest first). */
export function WithdrawalsQueuePage() {
  return (
    <QueuePage
      title="Withdrawals"
      subtitle="Pay the net amount to the member's account, then approve with the payout reference."
      label="Withdrawals"
      statuses={filters()}
      fallback="pending"
      query={withdrawalsQuery}
      csv={(status) => withQuery(API.adminWithdrawalsCsv, { status })}
      renderItem={(w, onDone) => (
        <WithdrawalItem key={w.id} withdrawal={w} onDone={(text) => onDone({ kind: "success", text })} />
      )}
    />
  );
}
