import { Trans, useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { CopyButton } from "../../components/CopyButton.tsx";
import { SectionCard } from "../../components/SectionCard.tsx";
import { useQrCode } from "../../lib/qr-code.ts";
import { referralLink } from "./model.ts";

/** The referral link with a copy button and its QR code (drawn in the browser). */
export function ReferralLinkCard({ code }: { code: string }) {
  const { t } = useLingui();
  const link = referralLink(code);
  const qr = useQrCode(link, 200);
  return (
    <SectionCard
      id="link-heading"
      title={t`Your referral link`}
      description={t`Members who register through it join your network; you earn a commission on their investments.`}
    >
      <Box sx={{ display: "flex", gap: 3, flexWrap: "wrap", alignItems: "center" }}>
        <Box sx={{ bgcolor: "#fff", p: 1, borderRadius: 1, lineHeight: 0 }}>
          {qr ? (
            <img src={qr} width={160} height={160} alt={t`QR code of your referral link ${link}`} />
          ) : (
            <Skeleton variant="rectangular" width={160} height={160} />
          )}
        </Box>
        <Box sx={{ minWidth: 0, flex: "1 1 220px" }}>
          <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
            <Typography sx={{ wordBreak: "break-all" }} dir="ltr" data-testid="referral-link">
              {link}
            </Typography>
            <CopyButton value={link} label={t`Copy referral link`} />
          </Box>
          <Typography variant="body2" sx={{ color: "text.secondary", mt: 1 }}>
            <Trans>
              Your referral code:{" "}
              <Box component="span" dir="ltr" sx={{ fontFamily: "monospace" }}>
                {code}
              </Box>
            </Trans>
          </Typography>
        </Box>
      </Box>
    </SectionCard>
  );
}
