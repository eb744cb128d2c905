import type { WithdrawalRequirements } from "@helio/shared";
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
      ? { key: "kyc", state: "done", label: "Identity verified", detail: "Your KYC is approved." }
      : req.kycStatus === "pending"
        ? {
            key: "kyc",
            state: "waiting",
            label: "Identity verification under review",
            detail: (
              <>
                We are checking your documents.{" "}
                <Link component={RouterLink} to={paths.kycUser}>
                  See your KYC
                </Link>
              </>
            ),
          }
        : {
            key: "kyc",
            state: "missing",
            label: "Verify your identity (KYC)",
            detail: (
              <>
                {req.kycStatus === "rejected" ? "Your last submission was rejected. " : "Required before withdrawing. "}
                <Link component={RouterLink} to={paths.kycUser}>
                  {req.kycStatus === "rejected" ? "Submit again" : "Verify your identity"}
                </Link>
              </>
            ),
          };
  const bank: Requirement = req.bank
    ? {
        key: "bank",
        state: "done",
        label: "Bank account added",
        detail: (
          <>
            {req.bank.bankName}, {req.bank.accountNumberMasked}.{" "}
            <Link component={RouterLink} to={paths.dataBank}>
              Change
            </Link>
          </>
        ),
      }
    : {
        key: "bank",
        state: "missing",
        label: "Add your bank account",
        detail: (
          <>
            Withdrawals are paid to it.{" "}
            <Link component={RouterLink} to={paths.dataBank}>
              Add your bank account
            </Link>
          </>
        ),
      };
  const guards: Requirement[] = [];
  if (req.frozen) {
    guards.push({
      key: "frozen",
      state: "missing",
      label: "Your account is frozen",
      detail: "You froze it after a change you did not make. No money can leave it until support has spoken with you.",
    });
  }
  if (req.holdUntil) {
    guards.push({
      key: "hold",
      state: "waiting",
      label: "Your bank account was changed recently",
      detail: `For your safety, withdrawals are paused until ${formatDateTime(req.holdUntil)}.`,
    });
  }
  return [kyc, bank, ...guards];
}

const ICONS = {
  done: <CheckCircleIcon color="success" titleAccess="Done" />,
  waiting: <HourglassTopIcon color="warning" titleAccess="Waiting" />,
  missing: <ErrorOutlineIcon color="error" titleAccess="Missing" />,
};

/** "Before you withdraw": each requirement with its state and a link to do it. */
export function RequirementsCard({ items, twoFactorRequired }: { items: Requirement[]; twoFactorRequired: boolean }) {
  return (
    <SectionCard id="req-heading" title="Before you withdraw" headingGap={1}>
      <List dense disablePadding aria-label="Requirements">
        {items.map((item) => (
          <ListItem key={item.key} disableGutters alignItems="flex-start">
            <ListItemIcon sx={{ minWidth: 36, mt: 0.5 }}>{ICONS[item.state]}</ListItemIcon>
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
          Two-factor authentication is on: you will enter a code from your authenticator app.
        </Typography>
      ) : null}
      <Typography variant="body2" sx={{ mt: 1, color: "text.secondary" }}>
        We will e-mail you a link to confirm each withdrawal.
      </Typography>
    </SectionCard>
  );
}
