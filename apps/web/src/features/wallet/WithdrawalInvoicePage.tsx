import type { Withdrawal } from "@helio/shared";
import { Trans, useLingui } from "@lingui/react/macro";
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
import { TypedMoney } from "../../components/TypedMoney.tsx";
import { formatRateText } from "../../lib/amount.ts";
import { errorMessage } from "../../lib/api.ts";
import { formatDateTime } from "../../lib/format.ts";
import { paths } from "../../lib/paths.ts";
import { ReadOnlyNote, useReadOnlyReason } from "../../lib/read-only.tsx";
import { useCancelWithdrawal, useWalletLive, withdrawalQuery } from "./api.ts";
import { InvoiceLayout } from "./invoice-parts.tsx";

/** What the bank pays: in the member's currency when they asked in it (the net at the rate), else as always. */
function Payout({ w, bold = false }: { w: Withdrawal; bold?: boolean }) {
  const sx = bold ? { fontWeight: 700 } : undefined;
  if (!w.local) return <Money microcents={w.netMicrocents} sx={sx} />;
  return <TypedMoney local={{ amount: w.local.net, currency: w.local.currency }} sx={sx} />;
}

function StatusMessage({ w }: { w: Withdrawal }) {
  const confirmBy = w.confirmExpiresAt ? formatDateTime(w.confirmExpiresAt) : null;
  const reviewed = w.reviewedAt ? formatDateTime(w.reviewedAt) : null;
  const payoutReference = w.payoutReference;
  const reason = w.reason;
  switch (w.status) {
    case "unconfirmed":
      return (
        <Alert severity="info">
          {confirmBy ? (
            <Trans>
              Check your e-mail: open the link we sent to confirm this withdrawal by {confirmBy}. Until then it is not
              sent for review, and without it the amount returns to your wallet.
            </Trans>
          ) : (
            <Trans>
              Check your e-mail: open the link we sent to confirm this withdrawal. Until then it is not sent for review,
              and without it the amount returns to your wallet.
            </Trans>
          )}
        </Alert>
      );
    case "expired":
      return (
        <Alert severity="warning">
          <Trans>This withdrawal was not confirmed in time. The amount was returned to your wallet.</Trans>
        </Alert>
      );
    case "pending":
      return (
        <Alert severity="info">
          <Trans>
            We will pay <Payout w={w} /> to your bank account after review. The amount is held from your wallet until
            then; you can cancel while it is pending.
          </Trans>
        </Alert>
      );
    case "approved":
      return (
        <Alert severity="success">
          {reviewed ? <Trans>Paid {reviewed}.</Trans> : <Trans>Paid.</Trans>}
          {payoutReference ? (
            <>
              {" "}
              <Trans>
                Payout reference: <bdi dir="ltr">{payoutReference}</bdi>.
              </Trans>
            </>
          ) : null}
        </Alert>
      );
    case "rejected":
      return (
        <Alert severity="error">
          {reason ? (
            <Trans>
              Rejected: <bdi>{reason}</bdi> The amount was returned to your wallet.
            </Trans>
          ) : (
            <Trans>Rejected. The amount was returned to your wallet.</Trans>
          )}
        </Alert>
      );
    case "cancelled":
      return (
        <Alert severity="warning">
          <Trans>You cancelled this withdrawal. The amount was returned to your wallet.</Trans>
        </Alert>
      );
  }
}

/** `/invoice-wd/:slug`: one withdrawal, its status (live), and Cancel while pending. */
export function InvoiceWdPage() {
  const { t } = useLingui();
  const { slug = "" } = useParams();
  const withdrawal = useQuery(withdrawalQuery(slug));
  const cancel = useCancelWithdrawal(slug);
  const readOnly = useReadOnlyReason();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useWalletLive();

  if (withdrawal.isPending || withdrawal.isError)
    return <RecordState query={withdrawal} title={t`Withdrawal invoice`} height={240} />;
  const w = withdrawal.data;
  const runCancel = () => {
    setError(null);
    cancel.mutate(undefined, {
      onError: (cause) => setError(errorMessage(cause)),
      onSettled: () => setConfirming(false),
    });
  };

  const requested = formatDateTime(w.createdAt);
  const usd = (microcents: bigint) => <Money microcents={microcents} currency="USD" rate={1} />;
  // Asked in the member's currency: the amount as typed, the rate, the USD figures and the payout
  // in that currency (what the bank pays); asked in USD: the figures as always.
  const amountItems = w.local
    ? [
        { label: t`Amount`, value: <TypedMoney local={w.local} /> },
        { label: t`Exchange rate`, value: formatRateText(w.local) },
        { label: t`Amount in USD`, value: usd(w.amountMicrocents) },
        { label: t`Fee`, value: usd(w.feeMicrocents) },
        { label: t`You receive`, value: <Payout w={w} bold /> },
        { label: t`You receive in USD`, value: usd(w.netMicrocents) },
      ]
    : [
        { label: t`Amount`, value: <Money microcents={w.amountMicrocents} /> },
        { label: t`Fee`, value: <Money microcents={w.feeMicrocents} /> },
        { label: t`You receive`, value: <Money microcents={w.netMicrocents} sx={{ fontWeight: 700 }} /> },
      ];
  return (
    <InvoiceLayout
      title={t`Withdrawal invoice`}
      subtitle={t`Requested ${requested}`}
      back={{ to: paths.viewWithdrawal, label: t`All withdrawals` }}
      maxWidth={880}
      after={
        <ConfirmDialog
          open={confirming}
          title={t`Cancel this withdrawal?`}
          message={
            <Trans>
              <Money microcents={w.amountMicrocents} /> goes back to your wallet and nothing is paid out.
            </Trans>
          }
          confirmLabel={t`Cancel withdrawal`}
          cancelLabel={t`Keep it`}
          confirmColor="error"
          busy={cancel.isPending}
          onConfirm={runCancel}
          onClose={() => setConfirming(false)}
        />
      }
    >
      <SectionCard id="wd-status-heading" title={t`Status`} aside={<LiveStatusChip status={w.status} />}>
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
            <Trans>Cancel withdrawal</Trans>
          </Button>
        ) : null}
        <ReadOnlyNote reason={w.status === "pending" || w.status === "unconfirmed" ? readOnly : null} />
      </SectionCard>
      <SectionCard id="wd-detail-heading" title={t`Detail`}>
        <DetailList
          columns={3}
          items={[
            ...amountItems,
            { label: t`Bank`, value: w.destination.bankName },
            { label: t`Account holder`, value: w.destination.accountHolder },
            {
              label: t`Account number`,
              value: (
                <Box component="span" dir="ltr" translate="no" sx={{ fontFamily: "monospace" }}>
                  {w.destination.accountNumberMasked}
                </Box>
              ),
            },
            ...(w.destination.swift ? [{ label: t`SWIFT/BIC`, value: w.destination.swift }] : []),
            ...(w.destination.branch ? [{ label: t`Branch`, value: w.destination.branch }] : []),
            { label: t`Requested`, value: <time dateTime={w.createdAt}>{formatDateTime(w.createdAt)}</time> },
            { label: t`Reviewed`, value: w.reviewedAt ? formatDateTime(w.reviewedAt) : "—" },
            ...(w.payoutReference
              ? [{ label: t`Payout reference`, value: <bdi dir="ltr">{w.payoutReference}</bdi> }]
              : []),
            {
              label: t`Withdrawal id`,
              value: (
                <Box component="span" dir="ltr" translate="no" sx={{ fontFamily: "monospace", fontSize: "0.85rem" }}>
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
