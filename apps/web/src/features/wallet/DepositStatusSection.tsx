import type { DepositInvoice } from "@helio/shared";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import Alert from "@mui/material/Alert";
import Link from "@mui/material/Link";
import Step from "@mui/material/Step";
import StepLabel from "@mui/material/StepLabel";
import Stepper from "@mui/material/Stepper";
import { Link as RouterLink } from "react-router";
import { Money } from "../../components/Money.tsx";
import { SectionCard } from "../../components/SectionCard.tsx";
import { LiveStatusChip } from "../../components/StatusChip.tsx";
import { formatDateTime, formatRelative } from "../../lib/format.ts";
import { paths } from "../../lib/paths.ts";

const STEPS: MessageDescriptor[] = [msg`Awaiting payment`, msg`Proof submitted`, msg`Approved`];
function activeStep(status: DepositInvoice["status"]): number {
  if (status === "approved") return 3;
  if (status === "proof_submitted" || status === "rejected") return 1;
  return 0;
}

/** A deposit invoice's status (live): the steps to approval and what the member does or can expect next. */
export function DepositStatusSection({ invoice }: { invoice: DepositInvoice }) {
  const { t, i18n } = useLingui();
  const awaiting = invoice.status === "awaiting_payment";
  const expires = formatDateTime(invoice.expiresAt);
  const expiresIn = formatRelative(invoice.expiresAt);
  const reviewed = invoice.reviewedAt ? formatDateTime(invoice.reviewedAt) : null;
  const reason = invoice.reason;
  return (
    <SectionCard id="status-heading" title={t`Status`} aside={<LiveStatusChip status={invoice.status} />}>
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
            <Step key={label.id}>
              <StepLabel>{i18n._(label)}</StepLabel>
            </Step>
          ))}
        </Stepper>
      )}
      {awaiting ? (
        <Alert severity="info">
          <Trans>
            Make the transfer, then upload the proof of payment. This invoice expires{" "}
            <time dateTime={invoice.expiresAt}>{expires}</time> ({expiresIn}).
          </Trans>
        </Alert>
      ) : null}
      {invoice.status === "proof_submitted" ? (
        <Alert severity="info">
          <Trans>We are checking your transfer. Your wallet is credited once it is approved.</Trans>
        </Alert>
      ) : null}
      {invoice.status === "approved" ? (
        <Alert severity="success">
          {reviewed ? (
            <Trans>
              Approved {reviewed}: <Money microcents={invoice.amountMicrocents} /> was added to your wallet.
            </Trans>
          ) : (
            <Trans>
              Approved: <Money microcents={invoice.amountMicrocents} /> was added to your wallet.
            </Trans>
          )}
        </Alert>
      ) : null}
      {invoice.status === "rejected" ? (
        <Alert severity="error">
          {reason ? (
            <Trans>
              Rejected: <bdi>{reason}</bdi> If you did transfer the money, contact support or create a new invoice.
            </Trans>
          ) : (
            <Trans>Rejected. If you did transfer the money, contact support or create a new invoice.</Trans>
          )}
        </Alert>
      ) : null}
      {invoice.status === "expired" ? (
        <Alert severity="warning">
          <Trans>
            This invoice expired without a proof of payment.{" "}
            <Link component={RouterLink} to={paths.addBalance}>
              Create a new invoice
            </Link>
            .
          </Trans>
        </Alert>
      ) : null}
    </SectionCard>
  );
}
