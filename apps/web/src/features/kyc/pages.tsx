import { KYC_DOCUMENTS, type Kyc } from "@helio/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink } from "react-router";
import { DetailList } from "../../components/DetailList.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { QueryState } from "../../components/QueryState.tsx";
import { SectionCard } from "../../components/SectionCard.tsx";
import { LiveStatusChip } from "../../components/StatusChip.tsx";
import { formatDate, formatDateTime } from "../../lib/format.ts";
import { paths } from "../../lib/paths.ts";
import { useFormatLocale } from "../../lib/use-locale.ts";
import { kycQuery, useKycLive } from "./api.ts";
import { KycForm } from "./KycForm.tsx";
import { countryName, DOCUMENT_LABELS, ID_TYPE_LABELS } from "./model.ts";

function Submission({ kyc }: { kyc: Kyc }) {
  const { t, i18n } = useLingui();
  const locale = useFormatLocale();
  const s = kyc.submission;
  if (!s) return null;
  return (
    <Box sx={{ mt: 2 }}>
      <DetailList
        columns={3}
        items={[
          { label: t`Legal name`, value: s.legalName },
          { label: t`Date of birth`, value: formatDate(`${s.dateOfBirth}T12:00:00Z`, locale) },
          { label: t`Country`, value: countryName(s.country, locale) },
          { label: t`ID type`, value: i18n._(ID_TYPE_LABELS[s.idType]) },
          { label: t`ID number`, value: <span dir="ltr">{s.idNumber}</span> },
          { label: t`Submitted`, value: formatDateTime(kyc.submittedAt, { locale }) },
        ]}
      />
      <Typography variant="h3" component="h3" sx={{ mt: 3, mb: 1 }}>
        <Trans>Documents</Trans>
      </Typography>
      <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0, display: "flex", gap: 2, flexWrap: "wrap" }}>
        {KYC_DOCUMENTS.map((doc) => {
          const file = s.documents[doc];
          if (!file) return null;
          const label = i18n._(DOCUMENT_LABELS[doc]);
          return (
            <Box component="li" key={doc} sx={{ width: 140 }}>
              <Link
                href={file.url}
                target="_blank"
                rel="noopener"
                underline="hover"
                aria-label={t`${label}, opens in a new tab`}
              >
                <Box
                  component="img"
                  src={file.url}
                  alt=""
                  sx={{
                    width: 140,
                    height: 96,
                    objectFit: "cover",
                    borderRadius: 1,
                    border: 1,
                    borderColor: "divider",
                    display: "block",
                  }}
                />
                <Typography variant="body2" component="span">
                  {label}
                </Typography>
              </Link>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}

function StatusCard({ kyc }: { kyc: Kyc }) {
  const { t } = useLingui();
  const locale = useFormatLocale();
  const reviewed = kyc.reviewedAt ? formatDate(kyc.reviewedAt, locale) : null;
  const reason = kyc.reason;
  const withdrawLink = (
    <Link component={RouterLink} to={paths.withdrawal}>
      <Trans>You can withdraw</Trans>
    </Link>
  );
  return (
    <SectionCard id="kyc-status-heading" title={t`Status`} aside={<LiveStatusChip status={kyc.status} />}>
      {kyc.status === "not_submitted" ? (
        <Alert severity="info">
          <Trans>
            Verify your identity with an ID document and a selfie. Withdrawals need an approved verification.
          </Trans>
        </Alert>
      ) : null}
      {kyc.status === "pending" ? (
        <Alert severity="info">
          <Trans>We are reviewing your documents. You will see the result here.</Trans>
        </Alert>
      ) : null}
      {kyc.status === "approved" ? (
        <Alert severity="success">
          {reviewed ? (
            <Trans>
              Your identity is verified ({reviewed}). {withdrawLink}.
            </Trans>
          ) : (
            <Trans>Your identity is verified. {withdrawLink}.</Trans>
          )}
        </Alert>
      ) : null}
      {kyc.status === "rejected" ? (
        <Alert severity="error">
          {reason ? (
            <Trans>Your documents were rejected: {reason} Correct this and submit again below.</Trans>
          ) : (
            <Trans>Your documents were rejected. Correct this and submit again below.</Trans>
          )}
        </Alert>
      ) : null}
      {kyc.status === "pending" || kyc.status === "approved" ? <Submission kyc={kyc} /> : null}
    </SectionCard>
  );
}

/** `/kyc-user`: identity verification; status follows the review live. */
export function KycPage() {
  const { t } = useLingui();
  const kyc = useQuery(kycQuery);
  useKycLive();
  return (
    <Box>
      <PageHeader title={t`KYC`} subtitle={t`Verify your identity. Withdrawals need an approved verification.`} />
      <Stack spacing={3} sx={{ maxWidth: 880 }}>
        <QueryState query={kyc} height={240}>
          {(current) => (
            <>
              <StatusCard kyc={current} />
              {current.status === "not_submitted" || current.status === "rejected" ? <KycForm kyc={current} /> : null}
            </>
          )}
        </QueryState>
      </Stack>
    </Box>
  );
}
