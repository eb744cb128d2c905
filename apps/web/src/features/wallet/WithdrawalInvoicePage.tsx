import type { Withdrawal } from "@helio/shared";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useParams } from "react-router";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { DetailList } from "../../components/DetailList.tsx";
import { Money } from "../../components/Money.tsx";
import { RecordState } from "../../components/RecordState.tsx";
import { SectionCard } from "../../components/SectionCard.tsx";
import { LiveStatusChip } from "../../components/StatusChip.tsx";
import { errorMessage } from "../../lib/api.ts";
import { formatDateTime } from "../../lib/format.ts";
import { paths } from "../../lib/paths.ts";
import { ReadOnlyNote, useReadOnlyReason } from "../../lib/read-only.tsx";
import { useCancelWithdrawal, useWalletLive, withdrawalQuery } from "./api.ts";
import { InvoiceLayout } from "./invoice-parts.tsx";

function StatusMessage({ w }: { w: Withdrawal }) {
  switch (w.status) {
    case "unconfirmed":
      return (
        <Alert severity="info">
          Check your e-mail: open the link we sent to confirm this withdrawal
          {w.confirmExpiresAt ? ` by ${formatDateTime(w.confirmExpiresAt)}` : ""}. Until then it is not sent for review,
          and without it the amount returns to your wallet.
        </Alert>
      );
    case "expired":
      return (
        <Alert severity="warning">
          This withdrawal was not confirmed in time. The amount was returned to your wallet.
        </Alert>
      );
    case "pending":
      return (
        <Alert severity="info">
          We will pay <Money cents={w.netCents} /> to your bank account after review. The amount is held from your
          wallet until then; you can cancel while it is pending.
        </Alert>
      );
    case "approved":
      return (
        <Alert severity="success">
          Paid{w.reviewedAt ? ` ${formatDateTime(w.reviewedAt)}` : ""}.
          {w.payoutReference ? ` Payout reference: ${w.payoutReference}.` : ""}
        </Alert>
      );
    case "rejected":
      return (
        <Alert severity="error">
          Rejected{w.reason ? `: ${w.reason}` : "."} The amount was returned to your wallet.
        </Alert>
      );
    case "cancelled":
      return <Alert severity="warning">You cancelled this withdrawal. The amount was returned to your wallet.</Alert>;
  }
}

/** `/invoice-wd/:slug`: one withdrawal, its status (live), and Cancel while pending. */
export function InvoiceWdPage() {
  const { slug = "" } = useParams();
  const withdrawal = useQuery(withdrawalQuery(slug));
  const cancel = useCancelWithdrawal(slug);
  const readOnly = useReadOnlyReason();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useWalletLive();

  if (withdrawal.isPending || withdrawal.isError)
    return <RecordState query={withdrawal} title="Withdrawal invoice" height={240} />;
  const w = withdrawal.data;
  const runCancel = () => {
    setError(null);
    cancel.mutate(undefined, {
      onError: (cause) => setError(errorMessage(cause)),
      onSettled: () => setConfirming(false),
    });
  };

  return (
    <InvoiceLayout
      title="Withdrawal invoice"
      subtitle={`Requested ${formatDateTime(w.createdAt)}`}
      back={{ to: paths.viewWithdrawal, label: "All withdrawals" }}
      maxWidth={880}
      after={
        <ConfirmDialog
          open={confirming}
          title="Cancel this withdrawal?"
          message={
            <>
              <Money cents={w.amountCents} /> goes back to your wallet and nothing is paid out.
            </>
          }
          confirmLabel="Cancel withdrawal"
          cancelLabel="Keep it"
          confirmColor="error"
          busy={cancel.isPending}
          onConfirm={runCancel}
          onClose={() => setConfirming(false)}
        />
      }
    >
      <SectionCard id="wd-status-heading" title="Status" aside={<LiveStatusChip status={w.status} />}>
        <StatusMessage w={w} />
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        ) : null}
        {w.status === "pending" || w.status === "unconfirmed" ? (
          <Button
            variant="outlined"
            color="error"
            sx={{ mt: 2 }}
            onClick={() => setConfirming(true)}
            disabled={cancel.isPending || Boolean(readOnly)}
          >
            Cancel withdrawal
          </Button>
        ) : null}
        <ReadOnlyNote reason={w.status === "pending" || w.status === "unconfirmed" ? readOnly : null} />
      </SectionCard>
      <SectionCard id="wd-detail-heading" title="Detail">
        <DetailList
          columns={3}
          items={[
            { label: "Amount", value: <Money cents={w.amountCents} /> },
            { label: "Fee", value: <Money cents={w.feeCents} /> },
            { label: "You receive", value: <Money cents={w.netCents} sx={{ fontWeight: 700 }} /> },
            { label: "Bank", value: w.destination.bankName },
            { label: "Account holder", value: w.destination.accountHolder },
            {
              label: "Account number",
              value: (
                <Box component="span" sx={{ fontFamily: "monospace" }}>
                  {w.destination.accountNumberMasked}
                </Box>
              ),
            },
            ...(w.destination.swift ? [{ label: "SWIFT/BIC", value: w.destination.swift }] : []),
            ...(w.destination.branch ? [{ label: "Branch", value: w.destination.branch }] : []),
            { label: "Requested", value: <time dateTime={w.createdAt}>{formatDateTime(w.createdAt)}</time> },
            { label: "Reviewed", value: w.reviewedAt ? formatDateTime(w.reviewedAt) : "—" },
            ...(w.payoutReference ? [{ label: "Payout reference", value: w.payoutReference }] : []),
            {
              label: "Withdrawal id",
              value: (
                <Box component="span" sx={{ fontFamily: "monospace", fontSize: "0.85rem" }}>
                  {w.id}
                </Box>
              ),
            },
          ]}
        />
      </SectionCard>
    </InvoiceLayout>
  );
}
