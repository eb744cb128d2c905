import { DEPOSIT_PROOF_TYPES, type DepositInvoice, UPLOAD_MAX_BYTES } from "@helio/shared";
import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import OpenInNewIcon from "@mui/icons-material/OpenInNew";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import visuallyHidden from "@mui/utils/visuallyHidden";
import { useState } from "react";
import { FileUpload, formatBytes } from "../../components/FileUpload.tsx";
import { SectionCard } from "../../components/SectionCard.tsx";
import { ApiError, errorMessage } from "../../lib/api.ts";
import { formatDateTime } from "../../lib/format.ts";
import { ReadOnlyNote, useReadOnlyReason } from "../../lib/read-only.tsx";
import { useUploadProof } from "./api.ts";

function proofErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 413 || error.code === "PAYLOAD_TOO_LARGE") return i18n._(msg`The file is larger than 10 MB.`);
    if (error.code === "UNSUPPORTED_FILE") return i18n._(msg`This file is not a JPEG, PNG or WebP image or a PDF.`);
    if (error.fields.length > 0) return error.fields.map((f) => f.message).join(" ");
  }
  return errorMessage(error);
}

/** "Uploaded 3 Mar 2026, 14:05: transfer.pdf (120 KB)" */
function ProofUploaded({ proof }: { proof: NonNullable<DepositInvoice["proof"]> }) {
  const uploaded = formatDateTime(proof.uploadedAt);
  const size = formatBytes(proof.size);
  const fileName = proof.fileName;
  return (
    <Trans>
      Uploaded {uploaded}: <bdi translate="no">{fileName}</bdi> (<bdi translate="no">{size}</bdi>)
    </Trans>
  );
}

/** A deposit invoice's proof of payment: the uploaded one, and uploading (or replacing) it until it is reviewed. */
export function DepositProofSection({ invoice }: { invoice: DepositInvoice }) {
  const { t } = useLingui();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const upload = useUploadProof(invoice.id, setProgress);
  const readOnly = useReadOnlyReason();
  const canUpload = invoice.status === "awaiting_payment" || invoice.status === "proof_submitted";

  const send = () => {
    if (!file) {
      setError(t`Choose the file first.`);
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
    <SectionCard id="proof-heading" title={t`Proof of payment`}>
      {invoice.proof ? (
        <Box sx={{ mb: 2 }}>
          <Typography>
            <ProofUploaded proof={invoice.proof} />
          </Typography>
          <Link href={invoice.proof.url} target="_blank" rel="noopener" sx={{ display: "inline-flex", gap: 0.5 }}>
            <Trans>View the uploaded proof</Trans> <OpenInNewIcon fontSize="small" aria-hidden="true" />
            <Box component="span" sx={visuallyHidden}>
              <Trans>(opens in a new tab)</Trans>
            </Box>
          </Link>
        </Box>
      ) : (
        <Typography sx={{ mb: 2 }}>
          <Trans>No proof uploaded yet.</Trans>
        </Typography>
      )}
      {canUpload ? (
        <Stack spacing={2}>
          {invoice.proof ? (
            <Typography variant="body2" sx={{ color: "text.secondary" }}>
              <Trans>You can replace the proof until we have reviewed it.</Trans>
            </Typography>
          ) : null}
          <FileUpload
            label={invoice.proof ? t`Replace the proof` : t`Proof of payment file`}
            accept={DEPOSIT_PROOF_TYPES}
            maxBytes={UPLOAD_MAX_BYTES}
            describe={t`a JPEG, PNG or WebP image or a PDF`}
            hint={t`A screenshot or PDF of your transfer: JPEG, PNG, WebP or PDF, up to 10 MB.`}
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
          <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
            <Button variant="contained" onClick={send} disabled={upload.isPending || !file || Boolean(readOnly)}>
              {upload.isPending ? <Trans>Uploading…</Trans> : <Trans>Upload proof</Trans>}
            </Button>
            <ReadOnlyNote reason={readOnly} />
          </Box>
        </Stack>
      ) : null}
      {done && invoice.status === "proof_submitted" ? (
        <Alert severity="success" sx={{ mt: 2 }} role="status">
          <Trans>Thank you. We will review your proof and credit your wallet once the transfer is confirmed.</Trans>
        </Alert>
      ) : null}
    </SectionCard>
  );
}
