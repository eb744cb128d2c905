import type { WithdrawalRequirements } from "@helio/shared";
import { t } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import ErrorOutlineIcon from "@mui/icons-material/ErrorOutlineOutlined";
import HourglassTopIcon from "@mui/icons-material/HourglassTop";
import Link from "@mui/material/Link";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router";
import { SectionCard } from "../../components/SectionCard.tsx";
import { formatDateTime } from "../../lib/format.ts";
import { paths } from "../../lib/paths.ts";

export interface Requirement {
  key: string;
  state: "done" | "waiting" | "missing";
  label: string;
  detail: ReactNode;
}

/** What must be done before a withdrawal: identity verified (KYC) and a bank account. */
export function requirementsOf(req: WithdrawalRequirements): Requirement[] {
  const kyc: Requirement =
    req.kycStatus === "approved"
      ? { key: "kyc", state: "done", label: t`Identity verified`, detail: t`Your KYC is approved.` }
      : req.kycStatus === "pending"
        ? {
            key: "kyc",
            state: "waiting",
            label: t`Identity verification under review`,
            detail: (
              <>
                <Trans>We are checking your documents.</Trans>{" "}
                <Link component={RouterLink} to={paths.kycUser}>
                  <Trans>See your KYC</Trans>
                </Link>
              </>
            ),
          }
        : {
            key: "kyc",
            state: "missing",
            label: t`Verify your identity (KYC)`,
            detail: (
              <>
                {req.kycStatus === "rejected" ? t`Your last submission was rejected.` : t`Required before withdrawing.`}{" "}
                <Link component={RouterLink} to={paths.kycUser}>
                  {req.kycStatus === "rejected" ? t`Submit again` : t`Verify your identity`}
                </Link>
              </>
            ),
          };
  const bank: Requirement = req.bank
    ? {
        key: "bank",
        state: "done",
        label: t`Bank account added`,
        detail: (
          <>
            <bdi>{req.bank.bankName}</bdi>, <bdi dir="ltr">{req.bank.accountNumberMasked}</bdi>.{" "}
            <Link component={RouterLink} to={paths.dataBank}>
              <Trans>Change</Trans>
            </Link>
          </>
        ),
      }
    : {
        key: "bank",
        state: "missing",
        label: t`Add your bank account`,
        detail: (
          <>
            <Trans>Withdrawals are paid to it.</Trans>{" "}
            <Link component={RouterLink} to={paths.dataBank}>
              <Trans>Add your bank account</Trans>
            </Link>
          </>
        ),
      };
  const guards: Requirement[] = [];
  if (req.frozen) {
    guards.push({
      key: "frozen",
      state: "missing",
      label: t`Your account is frozen`,
      detail: t`You froze it after a change you did not make. No money can leave it until support has spoken with you.`,
    });
  }
  if (req.holdUntil) {
    const until = formatDateTime(req.holdUntil);
    guards.push({
      key: "hold",
      state: "waiting",
      label: t`Your bank account was changed recently`,
      detail: t`For your safety, withdrawals are paused until ${until}.`,
    });
  }
  return [kyc, bank, ...guards];
}

function StateIcon({ state }: { state: Requirement["state"] }) {
  if (state === "done") return <CheckCircleIcon color="success" titleAccess={t`Done`} />;
  if (state === "waiting") return <HourglassTopIcon color="warning" titleAccess={t`Waiting`} />;
  return <ErrorOutlineIcon color="error" titleAccess={t`Missing`} />;
}

/** "Before you withdraw": each requirement with its state and a link to do it. */
export function RequirementsCard({ items, twoFactorRequired }: { items: Requirement[]; twoFactorRequired: boolean }) {
  return (
    <SectionCard id="req-heading" title={t`Before you withdraw`} headingGap={1}>
      <List dense disablePadding aria-label={t`Requirements`}>
        {items.map((item) => (
          <ListItem key={item.key} disableGutters alignItems="flex-start">
            <ListItemIcon sx={{ minWidth: 36, mt: 0.5 }}>
              <StateIcon state={item.state} />
            </ListItemIcon>
            <ListItemText
              primary={item.label}
              secondary={item.detail}
              slotProps={{ primary: { sx: { fontWeight: 600 } }, secondary: { component: "div" } }}
            />
          </ListItem>
        ))}
      </List>
      {twoFactorRequired ? (
        <Typography variant="body2" sx={{ mt: 1, color: "text.secondary" }}>
          <Trans>Two-factor authentication is on: you will enter a code from your authenticator app.</Trans>
        </Typography>
      ) : null}
      <Typography variant="body2" sx={{ mt: 1, color: "text.secondary" }}>
        <Trans>We will e-mail you a link to confirm each withdrawal.</Trans>
      </Typography>
    </SectionCard>
  );
}
