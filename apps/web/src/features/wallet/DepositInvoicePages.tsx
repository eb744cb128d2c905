import { DEPOSIT_PROOF_TYPES, type DepositInvoice, UPLOAD_MAX_BYTES } from "@helio/shared";
import AddIcon from "@mui/icons-material/Add";
import OpenInNewIcon from "@mui/icons-material/OpenInNew";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Step from "@mui/material/Step";
import StepLabel from "@mui/material/StepLabel";
import Stepper from "@mui/material/Stepper";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link as RouterLink, useParams, useSearchParams } from "react-router";
import { CopyButton } from "../../components/CopyButton.tsx";
import { type Column, DataTable } from "../../components/DataTable.tsx";
import { DetailList } from "../../components/DetailList.tsx";
import { FileUpload, formatBytes } from "../../components/FileUpload.tsx";
import { Money } from "../../components/Money.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { RecordState } from "../../components/RecordState.tsx";
import { StatusChip } from "../../components/StatusChip.tsx";
import { ApiError, errorMessage } from "../../lib/api.ts";
import { formatDateTime, formatRelative } from "../../lib/format.ts";
import { PAGE_SIZES, pagingFromParams } from "../../lib/paging.ts";
import { useDisplayCurrency } from "../../lib/settings.ts";
import { depositListQuery, depositQuery, useUploadProof, useWalletLive } from "./api.ts";

const visuallyHidden = {
  position: "absolute",
  width: "1px",
  height: "1px",
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
} as const;

const invoiceHref = (id: string) => `/invoice-balance/${encodeURIComponent(id)}`;

const COLUMNS: Column<DepositInvoice>[] = [
  {
    key: "reference",
    header: "Reference",
    nowrap: true,
    render: (d) => (
      <Link component={RouterLink} to={invoiceHref(d.id)} sx={{ fontFamily: "monospace", fontWeight: 600 }}>
        {d.reference}
      </Link>
    ),
  },
  { key: "amount", header: "Amount", align: "right", nowrap: true, render: (d) => <Money cents={d.amountCents} /> },
  { key: "status", header: "Status", nowrap: true, render: (d) => <StatusChip status={d.status} /> },
  {
    key: "created",
    header: "Created",
    nowrap: true,
    render: (d) => <time dateTime={d.createdAt}>{formatDateTime(d.createdAt)}</time>,
  },
];

/** `/invoice-balance`: 'Select an invoice' and the member's deposit invoices. */
export function InvoiceBalanceIndexPage() {
  const [params, setParams] = useSearchParams();
  const { page, pageSize } = pagingFromParams(params, { pageSize: 10 });
  const list = useQuery(depositListQuery(page, pageSize));
  useWalletLive();
  return (
    <Box>
      <PageHeader
        title="Deposit invoice"
        actions={
          <Button component={RouterLink} to="/add-balance" variant="contained" startIcon={<AddIcon />}>
            Add Balance
          </Button>
        }
      />
      <Typography sx={{ mb: 2 }}>Select an invoice</Typography>
      <DataTable
        label="Deposit invoices"
        columns={COLUMNS}
        rows={list.data?.items}
        rowKey={(d) => d.id}
        loading={list.isFetching}
        error={list.isError ? list.error : undefined}
        onRetry={() => void list.refetch()}
        empty="No deposit invoices yet."
        paging={{
          page,
          pageSize,
          total: list.data?.total ?? 0,
          sizes: PAGE_SIZES,
          onPage: (p, s) => setParams({ page: String(p), pageSize: String(s) }),
        }}
      />
    </Box>
  );
}

const STEPS = ["Awaiting payment", "Proof submitted", "Approved"] as const;
function activeStep(status: DepositInvoice["status"]): number {
  if (status === "approved") return 3;
  if (status === "proof_submitted" || status === "rejected") return 1;
  return 0;
}

function proofErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 413 || error.code === "PAYLOAD_TOO_LARGE") return "The file is larger than 10 MB.";
    if (error.code === "UNSUPPORTED_FILE") return "This file is not a JPEG, PNG or WebP image or a PDF.";
    if (error.fields.length > 0) return error.fields.map((f) => f.message).join(" ");
  }
  return errorMessage(error);
}

function ProofSection({ invoice }: { invoice: DepositInvoice }) {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const upload = useUploadProof(invoice.id, setProgress);
  const canUpload = invoice.status === "awaiting_payment" || invoice.status === "proof_submitted";

  const send = () => {
    if (!file) {
      setError("Choose the file first.");
      return;
    }
    setError(null);
    setDone(false);
    setProgress(0);
    upload.mutate(file, {
      onSuccess: () => {
        setDone(true);
        setFile(null);
      },
      onError: (cause) => setError(proofErrorMessage(cause)),
      onSettled: () => setProgress(null),
    });
  };

  return (
    <Card component="section" aria-labelledby="proof-heading">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="proof-heading" variant="h2" component="h2" sx={{ mb: 2 }}>
          Proof of payment
        </Typography>
        {invoice.proof ? (
          <Box sx={{ mb: 2 }}>
            <Typography>
              Uploaded {formatDateTime(invoice.proof.uploadedAt)}: {invoice.proof.fileName} (
              {formatBytes(invoice.proof.size)})
            </Typography>
            <Link href={invoice.proof.url} target="_blank" rel="noopener" sx={{ display: "inline-flex", gap: 0.5 }}>
              View the uploaded proof <OpenInNewIcon fontSize="small" aria-hidden="true" />
              <Box component="span" sx={visuallyHidden}>
                (opens in a new tab)
              </Box>
            </Link>
          </Box>
        ) : (
          <Typography sx={{ mb: 2 }}>No proof uploaded yet.</Typography>
        )}
        {canUpload ? (
          <Stack spacing={2}>
            {invoice.proof ? (
              <Typography variant="body2" sx={{ color: "text.secondary" }}>
                You can replace the proof until we have reviewed it.
              </Typography>
            ) : null}
            <FileUpload
              label={invoice.proof ? "Replace the proof" : "Proof of payment file"}
              accept={DEPOSIT_PROOF_TYPES}
              maxBytes={UPLOAD_MAX_BYTES}
              describe="a JPEG, PNG or WebP image or a PDF"
              hint="A screenshot or PDF of your transfer: JPEG, PNG, WebP or PDF, up to 10 MB."
              value={file}
              onChange={(next) => {
                setFile(next);
                setError(null);
                setDone(false);
              }}
              error={error}
              disabled={upload.isPending}
              progress={progress}
              name="file"
            />
            <Box>
              <Button variant="contained" onClick={send} disabled={upload.isPending || !file}>
                {upload.isPending ? "Uploading…" : "Upload proof"}
              </Button>
            </Box>
          </Stack>
        ) : null}
        {done && invoice.status === "proof_submitted" ? (
          <Alert severity="success" sx={{ mt: 2 }} role="status">
            Thank you. We will review your proof and credit your wallet once the transfer is confirmed.
          </Alert>
        ) : null}
      </CardContent>
    </Card>
  );
}

function StatusSection({ invoice }: { invoice: DepositInvoice }) {
  const awaiting = invoice.status === "awaiting_payment";
  return (
    <Card component="section" aria-labelledby="status-heading">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: "flex", alignItems: "center", gap: 1, mb: 2, flexWrap: "wrap" }}>
          <Typography id="status-heading" variant="h2" component="h2">
            Status
          </Typography>
          <Box aria-live="polite">
            <StatusChip status={invoice.status} size="medium" />
          </Box>
        </Box>
        {invoice.status === "rejected" || invoice.status === "expired" ? null : (
          <Stepper
            activeStep={activeStep(invoice.status)}
            alternativeLabel
            sx={{
              mb: 2,
              // The default grey of steps not reached yet is too faint to read (contrast).
              "& .MuiStepLabel-label": { fontSize: { xs: "0.75rem", sm: "0.875rem" }, color: "text.secondary" },
              "& .MuiStepLabel-label.Mui-active, & .MuiStepLabel-label.Mui-completed": { color: "text.primary" },
              "& .MuiStepIcon-root:not(.Mui-active):not(.Mui-completed)": { color: "grey.600" },
            }}
          >
            {STEPS.map((label) => (
              <Step key={label}>
                <StepLabel>{label}</StepLabel>
              </Step>
            ))}
          </Stepper>
        )}
        {awaiting ? (
          <Alert severity="info">
            Make the transfer, then upload the proof of payment. This invoice expires{" "}
            <time dateTime={invoice.expiresAt}>{formatDateTime(invoice.expiresAt)}</time> (
            {formatRelative(invoice.expiresAt)}).
          </Alert>
        ) : null}
        {invoice.status === "proof_submitted" ? (
          <Alert severity="info">We are checking your transfer. Your wallet is credited once it is approved.</Alert>
        ) : null}
        {invoice.status === "approved" ? (
          <Alert severity="success">
            Approved{invoice.reviewedAt ? ` ${formatDateTime(invoice.reviewedAt)}` : ""}:{" "}
            <Money cents={invoice.amountCents} /> was added to your wallet.
          </Alert>
        ) : null}
        {invoice.status === "rejected" ? (
          <Alert severity="error">
            Rejected{invoice.reason ? `: ${invoice.reason}` : "."} If you did transfer the money, contact support or
            create a new invoice.
          </Alert>
        ) : null}
        {invoice.status === "expired" ? (
          <Alert severity="warning">
            This invoice expired without a proof of payment.{" "}
            <Link component={RouterLink} to="/add-balance">
              Create a new invoice
            </Link>
            .
          </Alert>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** `/invoice-balance/:slug`: one deposit invoice, its transfer instructions, status (live) and proof. */
export function InvoiceBalancePage() {
  const { slug = "" } = useParams();
  const invoice = useQuery(depositQuery(slug));
  const display = useDisplayCurrency();
  useWalletLive();

  if (invoice.isPending || invoice.isError) return <RecordState query={invoice} title="Deposit invoice" height={200} />;
  const d = invoice.data;
  const i = d.instructions;
  return (
    <Box>
      <PageHeader
        title="Deposit invoice"
        subtitle={
          <Box component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
            Reference{" "}
            <Box component="span" sx={{ fontFamily: "monospace", fontWeight: 700, color: "text.primary" }}>
              {d.reference}
            </Box>
          </Box>
        }
        actions={
          <Button component={RouterLink} to="/invoice-balance" color="inherit">
            All invoices
          </Button>
        }
      />
      <Stack spacing={3}>
        <StatusSection invoice={d} />
        <Card component="section" aria-labelledby="invoice-heading">
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography id="invoice-heading" variant="h2" component="h2" sx={{ mb: 2 }}>
              Invoice
            </Typography>
            <DetailList
              columns={3}
              items={[
                {
                  label: "Reference",
                  wide: true,
                  value: (
                    <Box component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 0.5 }}>
                      <Box component="span" sx={{ fontFamily: "monospace", fontWeight: 700 }}>
                        {d.reference}
                      </Box>
                      <CopyButton value={d.reference} label="Copy the reference" />
                    </Box>
                  ),
                },
                {
                  label: "Amount to transfer",
                  value: (
                    <Box>
                      <Money cents={d.amountCents} currency="USD" rate={1} sx={{ fontWeight: 700 }} />
                      {display.currency !== "USD" ? (
                        <Box component="span" sx={{ display: "block", color: "text.secondary", fontSize: "0.875rem" }}>
                          about <Money cents={d.amountCents} />
                        </Box>
                      ) : null}
                    </Box>
                  ),
                },
                {
                  label: "Expires",
                  value:
                    d.status === "awaiting_payment" ? (
                      <time dateTime={d.expiresAt}>{formatDateTime(d.expiresAt)}</time>
                    ) : (
                      "—"
                    ),
                },
                { label: "Created", value: <time dateTime={d.createdAt}>{formatDateTime(d.createdAt)}</time> },
              ]}
            />
          </CardContent>
        </Card>
        <Card component="section" aria-labelledby="transfer-heading">
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography id="transfer-heading" variant="h2" component="h2" sx={{ mb: 1 }}>
              Transfer instructions
            </Typography>
            <Typography sx={{ mb: 2, color: "text.secondary" }}>
              Transfer exactly the amount above to this account and put the reference <strong>{d.reference}</strong> in
              the transfer description.
            </Typography>
            <DetailList
              columns={3}
              items={[
                { label: "Bank", value: i.bankName || "—" },
                { label: "Account name", value: i.accountName || "—" },
                {
                  label: "Account number",
                  wide: true,
                  value: i.accountNumber ? (
                    <Box component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 0.5 }}>
                      <Box component="span" sx={{ fontFamily: "monospace" }}>
                        {i.accountNumber}
                      </Box>
                      <CopyButton value={i.accountNumber} label="Copy the account number" />
                    </Box>
                  ) : (
                    "—"
                  ),
                },
              ]}
            />
            {i.notes ? (
              <Typography sx={{ mt: 2, whiteSpace: "pre-line" }} component="p">
                {i.notes}
              </Typography>
            ) : null}
          </CardContent>
        </Card>
        <ProofSection invoice={d} />
      </Stack>
    </Box>
  );
}
