import { type AdminDeposit, API, DEPOSIT_STATUSES } from "@helio/shared";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { DetailList } from "../../components/DetailList.tsx";
import { PromptDialog } from "../../components/PromptDialog.tsx";
import { statusLabel } from "../../components/StatusChip.tsx";
import { errorMessage, isApiError, withQuery } from "../../lib/api.ts";
import { formatDateTime } from "../../lib/format.ts";
import { useStaffMay } from "../../lib/staff.tsx";
import { depositAmountItems, LocalAndUsd } from "./LocalFigures.tsx";
import { type DepositFilter, depositsQuery, useDepositDecision } from "./money-api.ts";
import { FilePreview, type QueueNotice, QueuePage } from "./Queue.tsx";
import { DecisionButtons, QueueCard, RejectDialog } from "./QueueCard.tsx";

/** The status filters, worded when drawn: a module's top level runs before the language is active. */
const filters = (): { value: DepositFilter; label: string }[] => [
  { value: "proof_submitted", label: "Waiting for review" },
  ...DEPOSIT_STATUSES.filter((s) => s !== "proof_submitted").map((s) => ({ value: s, label: statusLabel(s) })),
  { value: "all", label: "All" },
];

function DepositItem({ deposit, onDone }: { deposit: AdminDeposit; onDone: (notice: QueueNotice) => void }) {
  const decide = useDepositDecision();
  const [approving, setApproving] = useState(false);
  const mayDecide = useStaffMay("depositsDecide");
  const [rejecting, setRejecting] = useState(false);
  const canDecide = deposit.status === "proof_submitted";
  const canReject = canDecide || deposit.status === "awaiting_payment";

  // Awaited, not per-call callbacks: the approved card can leave the list (a live refresh) before
  // the answer is handled, and a card that is gone would never report it. A refusal of the amount
  // received stays in the dialog, on its field; any other failure closes it with the notice.
  const approve = async (typed: string) => {
    const amountReceived = typed.trim() || undefined;
    try {
      await decide.mutateAsync({ id: deposit.id, decision: "approve", amountReceived });
    } catch (error) {
      if (isApiError(error) && error.fields.some((f) => f.field === "amountReceived")) throw error;
      setApproving(false);
      onDone({ kind: "error", text: `${deposit.reference}: ${errorMessage(error)}` });
      return;
    }
    setApproving(false);
    onDone({
      kind: "success",
      text: `Deposit ${deposit.reference} approved: ${deposit.member.fullName}'s wallet was credited.`,
    });
  };
  const currency = deposit.local?.currency ?? "USD";

  return (
    <QueueCard
      label={`Deposit ${deposit.reference}`}
      member={deposit.member}
      status={deposit.status}
      reason={deposit.reason}
      actions={
        canReject && mayDecide ? (
          <DecisionButtons
            canApprove={canDecide}
            busy={decide.isPending}
            onApprove={() => setApproving(true)}
            onReject={() => setRejecting(true)}
          />
        ) : null
      }
      dialogs={
        <>
          <PromptDialog
            open={approving}
            title="Approve this deposit?"
            message={
              <>
                Check that the transfer of <LocalAndUsd local={deposit.local} microcents={deposit.amountMicrocents} />{" "}
                with reference {deposit.reference} has arrived: {deposit.member.fullName}'s wallet will be credited.
              </>
            }
            input={{
              kind: "text",
              label: `Amount received (${currency})`,
              field: "amountReceived",
              optional: true,
              minLength: 1,
              maxLength: 40,
              helperText: "Optional: the amount on the bank statement, checked against the invoice.",
            }}
            confirmLabel="Approve"
            onSubmit={approve}
            onClose={() => setApproving(false)}
          />
          <RejectDialog
            open={rejecting}
            title="Reject this deposit?"
            message={
              <>
                The member reads the reason on the invoice {deposit.reference} of{" "}
                <LocalAndUsd local={deposit.local} microcents={deposit.amountMicrocents} />. Nothing is credited.
              </>
            }
            onReject={async (reason) => {
              await decide.mutateAsync({ id: deposit.id, decision: "reject", reason });
              setRejecting(false);
              onDone({ kind: "success", text: `Deposit ${deposit.reference} rejected.` });
            }}
            onClose={() => setRejecting(false)}
          />
        </>
      }
    >
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "1fr auto" } }}>
        <DetailList
          columns={3}
          items={[
            {
              label: "Reference",
              value: (
                <Box component="span" sx={{ fontFamily: "monospace", fontWeight: 700 }}>
                  {deposit.reference}
                </Box>
              ),
            },
            ...depositAmountItems(deposit.local, deposit.amountMicrocents),
            { label: "Created", value: formatDateTime(deposit.createdAt) },
            { label: "Proof uploaded", value: formatDateTime(deposit.proof?.uploadedAt) },
            { label: "Expires", value: formatDateTime(deposit.expiresAt) },
            { label: "Reviewed", value: formatDateTime(deposit.reviewedAt) },
          ]}
        />
        <Box>
          {deposit.proof ? (
            <FilePreview url={deposit.proof.url} contentType={deposit.proof.contentType} label="Proof of payment" />
          ) : (
            <Typography variant="body2" sx={{ color: "text.secondary" }}>
              No proof yet.
            </Typography>
          )}
        </Box>
      </Box>
    </QueueCard>
  );
}

/** `/admin/deposits`: the deposit queue (default: proofs waiting for review). */
export function DepositsQueuePage() {
  return (
    <QueuePage
      title="Deposits"
      subtitle="Check the proof and the amount in the member's currency against the bank statement, then approve or reject."
      label="Deposits"
      statuses={filters()}
      fallback="proof_submitted"
      query={depositsQuery}
      csv={(status) => withQuery(API.adminDepositsCsv, { status })}
      renderItem={(deposit, onDone) => <DepositItem key={deposit.id} deposit={deposit} onDone={onDone} />}
    />
  );
}
