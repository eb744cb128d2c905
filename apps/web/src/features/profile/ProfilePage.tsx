import { Trans, useLingui } from "@lingui/react/macro";
import AccountBalanceIcon from "@mui/icons-material/AccountBalance";
import EditIcon from "@mui/icons-material/Edit";
import LockResetIcon from "@mui/icons-material/LockReset";
import SecurityIcon from "@mui/icons-material/Security";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Chip from "@mui/material/Chip";
import Divider from "@mui/material/Divider";
import Link from "@mui/material/Link";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router";
import { CopyButton } from "../../components/CopyButton.tsx";
import { MemberAvatar } from "../../components/MemberAvatar.tsx";
import { ModeBadge } from "../../components/ModeBadge.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { StatusChip } from "../../components/StatusChip.tsx";
import { currencyLabel } from "../../lib/display-names.ts";
import { formatDate } from "../../lib/format.ts";
import { useMember } from "../../lib/member.tsx";
import { paths } from "../../lib/paths.ts";
import { useFormatLocale } from "../../lib/use-locale.ts";
import { kycQuery } from "../kyc/index.ts";
import { LimitsButton } from "../protection/index.ts";
import { referralLink } from "../referrals/index.ts";
import { StatementButton } from "../statement/index.ts";
import { EmailNotificationsSection } from "./EmailNotificationsSection.tsx";
import { LanguageSection } from "./LanguageSection.tsx";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: "grid",
        gridTemplateColumns: { xs: "1fr", sm: "180px 1fr" },
        gap: { xs: 0.25, sm: 2 },
        py: 1.5,
        alignItems: "center",
        "& + &": { borderTop: 1, borderColor: "divider" },
      }}
    >
      <Typography component="dt" variant="body2" sx={{ color: "text.secondary" }}>
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, minWidth: 0, display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
        {children}
      </Box>
    </Box>
  );
}

function KycStatus() {
  const { t } = useLingui();
  const kyc = useQuery(kycQuery);
  if (kyc.isPending) return <Skeleton variant="text" width={120} />;
  if (kyc.isError) return <Typography component="span">—</Typography>;
  return (
    <>
      <StatusChip status={kyc.data.status} />
      {kyc.data.status !== "approved" ? (
        <Link component={RouterLink} to={paths.kycUser} variant="body2">
          {kyc.data.status === "pending" ? t`See your KYC` : t`Verify your identity`}
        </Link>
      ) : null}
    </>
  );
}

/** `/profile`: the member's account at a glance, and the e-mail notifications it receives. */
export function ProfilePage() {
  const { t } = useLingui();
  const locale = useFormatLocale();
  const member = useMember();
  const link = referralLink(member.referralCode);
  return (
    <Box>
      <PageHeader
        title={t`Profile`}
        actions={
          <Button component={RouterLink} to={paths.updateProfile} variant="contained" startIcon={<EditIcon />}>
            <Trans>Update profile</Trans>
          </Button>
        }
      />
      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Box sx={{ display: "flex", alignItems: "center", gap: 2, mb: 2, flexWrap: "wrap" }}>
            <MemberAvatar name={member.fullName} photoURL={member.photoURL} size={72} fontSize={28} described />
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="h2" component="h2" sx={{ wordBreak: "break-word" }}>
                {member.fullName}
              </Typography>
              <Typography sx={{ color: "text.secondary" }} dir="ltr">
                @{member.userName}
              </Typography>
            </Box>
          </Box>
          <Divider />
          <Box component="dl" sx={{ m: 0 }}>
            <Row label={t`Email`}>
              <Typography component="span" dir="ltr" sx={{ wordBreak: "break-all" }}>
                {member.email}
              </Typography>
              {member.emailVerified ? (
                <Chip label={t`Verified`} size="small" color="success" variant="outlined" />
              ) : (
                <Chip label={t`Not verified`} size="small" color="warning" variant="outlined" />
              )}
            </Row>
            <Row label={t`Display currency`}>{currencyLabel(member.currency, locale)}</Row>
            <Row label={t`Mode`}>
              <ModeBadge userTrading={member.userTrading} />
              <Typography component="span" variant="body2" sx={{ color: "text.secondary" }}>
                {member.userTrading ? t`Trading with real money` : t`Practising with demo money`}
              </Typography>
            </Row>
            <Row label={t`KYC status`}>
              <KycStatus />
            </Row>
            <Row label={t`Member since`}>{formatDate(member.createdAt, locale)}</Row>
            <Row label={t`Referral code`}>
              <Typography component="span" dir="ltr" sx={{ fontFamily: "monospace", fontSize: "1rem" }}>
                {member.referralCode}
              </Typography>
              <CopyButton value={member.referralCode} label={t`Copy referral code`} />
            </Row>
            <Row label={t`Referral link`}>
              <Typography component="span" dir="ltr" sx={{ wordBreak: "break-all", fontSize: "0.95rem" }}>
                {link}
              </Typography>
              <CopyButton value={link} label={t`Copy referral link`} />
            </Row>
          </Box>
        </CardContent>
      </Card>
      <Box sx={{ mt: 3 }}>
        <LanguageSection />
      </Box>
      <Box sx={{ mt: 3 }}>
        <EmailNotificationsSection />
      </Box>
      <Box
        component="nav"
        aria-label={t`Account settings`}
        sx={{
          mt: 3,
          display: "grid",
          gap: 1.5,
          gridTemplateColumns: { xs: "1fr", sm: "repeat(2, 1fr)", md: "repeat(5, 1fr)" },
        }}
      >
        <Button component={RouterLink} to={paths.updateProfile} variant="outlined" startIcon={<EditIcon />}>
          <Trans>Update profile</Trans>
        </Button>
        <Button component={RouterLink} to={paths.changePassword} variant="outlined" startIcon={<LockResetIcon />}>
          <Trans>Password</Trans>
        </Button>
        <Button component={RouterLink} to={paths.dataBank} variant="outlined" startIcon={<AccountBalanceIcon />}>
          <Trans>Bank</Trans>
        </Button>
        <Button component={RouterLink} to={paths.security} variant="outlined" startIcon={<SecurityIcon />}>
          <Trans>Security</Trans>
        </Button>
        <LimitsButton />
        <StatementButton />
      </Box>
    </Box>
  );
}
