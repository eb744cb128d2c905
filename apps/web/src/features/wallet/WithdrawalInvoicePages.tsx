import type { Withdrawal } from "@helio/shared";
import AddIcon from "@mui/icons-material/Add";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link as RouterLink, useParams, useSearchParams } from "react-router";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { type Column, DataTable } from "../../components/DataTable.tsx";
import { DetailList } from "../../components/DetailList.tsx";
import { Money } from "../../components/Money.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { RecordState } from "../../components/RecordState.tsx";
import { StatusChip } from "../../components/StatusChip.tsx";
import { errorMessage } from "../../lib/api.ts";
import { formatDateTime } from "../../lib/format.ts";
import { PAGE_SIZES, pagingFromParams } from "../../lib/paging.ts";
import { useCancelWithdrawal, useWalletLive, withdrawalListQuery, withdrawalQuery } from "./api.ts";

const withdrawalHref = (id: string) => `/invoice-wd/${encodeURIComponent(id)}`;

const COLUMNS: Column<Withdrawal>[] = [
  {
    key: "date",
    header: "Requested",
    nowrap: true,
    render: (w) => (
      <Link component={RouterLink} to={withdrawalHref(w.id)}>
        <time dateTime={w.createdAt}>{formatDateTime(w.createdAt)}</time>
      </Link>
    ),
  },
  { key: "amount", header: "Amount", align: "right", nowrap: true, render: (w) => <Money cents={w.amountCents} /> },
  { key: "fee", header: "Fee", align: "right", nowrap: true, render: (w) => <Money cents={w.feeCents} /> },
  { key: "net", header: "You receive", align: "right", nowrap: true, render: (w) => <Money cents={w.netCents} /> },
  {
    key: "to",
    header: "To",
    nowrap: true,
    render: (w) => `${w.destination.bankName} ${w.destination.accountNumberMasked}`,
  },
  { key: "status", header: "Status", nowrap: true, render: (w) => <StatusChip status={w.status} /> },
];

function WithdrawalsTable() {
  const [params, setParams] = useSearchParams();
  const { page, pageSize } = pagingFromParams(params, { pageSize: 20 });
  const list = useQuery(withdrawalListQuery(page, pageSize));
  useWalletLive();
  return (
    <DataTable
      label="Withdrawals"
      columns={COLUMNS}
      rows={list.data?.items}
      rowKey={(w) => w.id}
      loading={list.isFetching}
      error={list.isError ? list.error : undefined}
      onRetry={() => void list.refetch()}
      empty="No withdrawals yet."
      paging={{
        page,
        pageSize,
        total: list.data?.total ?? 0,
        sizes: PAGE_SIZES,
        onPage: (p, s) => setParams({ page: String(p), pageSize: String(s) }),
      }}
    />
  );
}

const newWithdrawal = (
  <Button component={RouterLink} to="/withdrawal" variant="contained" startIcon={<AddIcon />}>
    New withdrawal
  </Button>
);

/** `/view-withdrawal`: every withdrawal of the member with its status (live). */
export function ViewWithdrawalPage() {
  return (
    <Box>
      <PageHeader
        title="Withdrawals"
        subtitle="Every withdrawal you requested and where it stands."
        actions={newWithdrawal}
      />
      <WithdrawalsTable />
    </Box>
  );
}

/** `/invoice-wd`: 'Select an invoice' and the member's withdrawals. */
export function InvoiceWdIndexPage() {
  return (
    <Box>
      <PageHeader title="Withdrawal invoice" actions={newWithdrawal} />
      <Typography sx={{ mb: 2 }}>Select an invoice</Typography>
      <WithdrawalsTable />
    </Box>
  );
}

function StatusMessage({ w }: { w: Withdrawal }) {
  switch (w.status) {
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
    <Box>
      <PageHeader
        title="Withdrawal invoice"
        subtitle={`Requested ${formatDateTime(w.createdAt)}`}
        actions={
          <Button component={RouterLink} to="/view-withdrawal" color="inherit">
            All withdrawals
          </Button>
        }
      />
      <Stack spacing={3} sx={{ maxWidth: 880 }}>
        <Card component="section" aria-labelledby="wd-status-heading">
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <Box sx={{ display: "flex", alignItems: "center", gap: 1, mb: 2, flexWrap: "wrap" }}>
              <Typography id="wd-status-heading" variant="h2" component="h2">
                Status
              </Typography>
              <Box aria-live="polite">
                <StatusChip status={w.status} size="medium" />
              </Box>
            </Box>
            <StatusMessage w={w} />
            {error ? (
              <Alert severity="error" sx={{ mt: 2 }}>
                {error}
              </Alert>
            ) : null}
            {w.status === "pending" ? (
              <Button
                variant="outlined"
                color="error"
                sx={{ mt: 2 }}
                onClick={() => setConfirming(true)}
                disabled={cancel.isPending}
              >
                Cancel withdrawal
              </Button>
            ) : null}
          </CardContent>
        </Card>
        <Card component="section" aria-labelledby="wd-detail-heading">
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography id="wd-detail-heading" variant="h2" component="h2" sx={{ mb: 2 }}>
              Detail
            </Typography>
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
          </CardContent>
        </Card>
      </Stack>
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
    </Box>
  );
}
