import type { LegalDocument } from "@helio/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink } from "react-router";
import { QueryState } from "../../components/QueryState.tsx";
import { paths } from "../../lib/paths.ts";
import { legalQuery } from "./api.ts";
import { FeeSchedule } from "./FeeSchedule.tsx";

/** One public document: the operator's text (paragraphs split on blank lines), and for the fees the live figures. */
function LegalDocumentPage({ document }: { document: LegalDocument }) {
  const { t } = useLingui();
  const query = useQuery(legalQuery);
  const titles: Record<LegalDocument, string> = {
    terms: t`Terms and conditions`,
    privacy: t`Privacy notice`,
    risk: t`Risk disclosure`,
    fees: t`Fee schedule`,
  };
  const version = query.data?.termsVersion;
  return (
    <Box component="article">
      <Typography variant="h1" component="h1" sx={{ textAlign: "center", mb: 1 }}>
        {titles[document]}
      </Typography>
      {document === "terms" && version !== undefined ? (
        <Typography variant="body2" sx={{ textAlign: "center", color: "text.secondary", mb: 2 }}>
          <Trans>Version {version}</Trans>
        </Typography>
      ) : null}
      <QueryState query={query}>
        {(data) => (
          <>
            {/* The operator's own text, in the language they wrote it in (data, like a package's name). */}
            <Box
              dir="auto"
              data-operator-text=""
              sx={{ "& p": { mt: 0, mb: 1.5, lineHeight: 1.6, overflowWrap: "anywhere" } }}
            >
              {data.texts[document]
                .split(/\n\s*\n/)
                .filter((p) => p.trim())
                .map((paragraph, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a fixed text, in order
                  <Typography key={i} component="p" sx={{ whiteSpace: "pre-line" }}>
                    {paragraph}
                  </Typography>
                ))}
            </Box>
            {document === "fees" ? <FeeSchedule fees={data.fees} /> : null}
          </>
        )}
      </QueryState>
      <Typography variant="body2" sx={{ mt: 3, textAlign: "center" }}>
        <Link component={RouterLink} to={paths.dashboard}>
          <Trans>Back to Helio</Trans>
        </Link>
      </Typography>
    </Box>
  );
}

export const TermsPage = () => <LegalDocumentPage document="terms" />;
export const PrivacyPage = () => <LegalDocumentPage document="privacy" />;
export const RiskDisclosurePage = () => <LegalDocumentPage document="risk" />;
export const FeesPage = () => <LegalDocumentPage document="fees" />;
