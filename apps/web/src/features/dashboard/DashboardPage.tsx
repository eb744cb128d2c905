import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import ChevronRightIcon from "@mui/icons-material/ChevronRight";
import RadioButtonUncheckedIcon from "@mui/icons-material/RadioButtonUnchecked";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { lazy, Suspense } from "react";
import { Link as RouterLink } from "react-router";
import { CopyButton } from "../../components/CopyButton.tsx";
import { DetailList } from "../../components/DetailList.tsx";
import { ModeBadge } from "../../components/ModeBadge.tsx";
import { Money } from "../../components/Money.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { SectionCard } from "../../components/SectionCard.tsx";
import { errorMessage } from "../../lib/api.ts";
import { useMemberBalances } from "../../lib/balances.ts";
import { useMember } from "../../lib/member.tsx";
import { paths } from "../../lib/paths.ts";
import { MarketOverview } from "../market/index.ts";
import { OpenTradesCard } from "../trade/index.ts";
import { RecentTransactions } from "../wallet/index.ts";

// Loaded beside its data rather than with the page, to keep the dashboard's first load in its
// budget (scripts/first-load-budget.mjs).
const ActiveInvestmentsCard = lazy(() =>
  import("../investment/index.ts").then((m) => ({ default: m.ActiveInvestmentsCard })),
);

const BALANCES = [
  { key: "wallet", label: "Wallet" },
  { key: "demo", label: "Demo" },
  { key: "profit", label: "Profit" },
  { key: "bonus", label: "Bonus" },
] as const;

/** The member's balances in their currency, live (the `balances` message updates the cache). */
function BalancesCard() {
  const balances = useMemberBalances();
  return (
    <SectionCard id="balances-heading" title="Balances" sx={{ mb: 3 }}>
      {balances.isError ? (
        <Alert severity="error">{errorMessage(balances.error)}</Alert>
      ) : (
        <DetailList
          columns={4}
          valueSx={{ fontWeight: 700, fontSize: { xs: "1rem", sm: "1.25rem" } }}
          items={BALANCES.map((b) => ({
            label: b.label,
            value: balances.data ? <Money cents={balances.data[b.key]} /> : <Skeleton variant="text" width="80%" />,
          }))}
        />
      )}
      <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap", mt: 2 }}>
        <Link component={RouterLink} to={paths.addBalance}>
          Add Balance
        </Link>
        <Link component={RouterLink} to={paths.withdrawal}>
          Withdraw
        </Link>
        <Link component={RouterLink} to={paths.wallet}>
          History
        </Link>
      </Box>
    </SectionCard>
  );
}

interface Step {
  /** Undefined for steps without a done state. */
  done?: boolean;
  to: string;
  label: string;
  detail: string;
}

/** `/`: greeting, mode, balances, markets, open trades, active investments, recent transactions, getting started, referral link. */
export function DashboardPage() {
  const member = useMember();
  const referral = `${window.location.origin}/register/${encodeURIComponent(member.referralCode)}`;
  const steps: Step[] = [
    {
      to: paths.profile,
      label: "Review your profile",
      detail: "Your name, display currency and referral code.",
    },
    {
      done: Boolean(member.photoURL),
      to: paths.updateProfile,
      label: "Add a profile photo",
      detail: "So support recognises you.",
    },
    {
      done: member.twoFactorEnabled,
      to: paths.security,
      label: "Turn on two-factor authentication",
      detail: "Protect your account with a code from an authenticator app.",
    },
  ];

  return (
    <Box>
      <PageHeader
        title={`Hello, ${member.firstName}`}
        subtitle={
          <Box component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
            Mode: <ModeBadge userTrading={member.userTrading} />
            {member.userTrading ? "You trade with real money." : "You practise with demo money."}
          </Box>
        }
      />
      <BalancesCard />
      <Box sx={{ mb: 3 }}>
        <MarketOverview />
      </Box>
      <Box sx={{ display: "grid", gap: 3, gridTemplateColumns: { xs: "1fr", md: "3fr 2fr" }, alignItems: "start" }}>
        <Box sx={{ display: "grid", gap: 3, minWidth: 0 }}>
          <OpenTradesCard />
          <Suspense fallback={<Skeleton variant="rounded" height={120} />}>
            <ActiveInvestmentsCard />
          </Suspense>
          <RecentTransactions />
        </Box>
        <Box sx={{ display: "grid", gap: 3, minWidth: 0 }}>
          <SectionCard title="Getting started" headingGap={0}>
            <List>
              {steps.map((step) => (
                <ListItem key={step.to} disableGutters>
                  <ListItemIcon sx={{ minWidth: 40 }}>
                    {step.done === undefined ? (
                      <ChevronRightIcon aria-hidden="true" />
                    ) : step.done ? (
                      <CheckCircleIcon color="success" titleAccess="Done" />
                    ) : (
                      <RadioButtonUncheckedIcon titleAccess="To do" />
                    )}
                  </ListItemIcon>
                  <ListItemText
                    primary={
                      <Link component={RouterLink} to={step.to}>
                        {step.label}
                      </Link>
                    }
                    secondary={step.detail}
                  />
                </ListItem>
              ))}
            </List>
          </SectionCard>
          <SectionCard title="Invite friends" headingGap={0}>
            <Typography sx={{ mt: 1, color: "text.secondary" }}>Your referral link:</Typography>
            <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
              <Typography sx={{ wordBreak: "break-all", fontSize: "0.95rem" }}>{referral}</Typography>
              <CopyButton value={referral} label="Copy referral link" />
            </Box>
          </SectionCard>
        </Box>
      </Box>
    </Box>
  );
}
