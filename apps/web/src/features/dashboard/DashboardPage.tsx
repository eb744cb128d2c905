import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import ChevronRightIcon from "@mui/icons-material/ChevronRight";
import RadioButtonUncheckedIcon from "@mui/icons-material/RadioButtonUnchecked";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
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
import { ModeBadge } from "../../components/ModeBadge.tsx";
import { Money } from "../../components/Money.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { errorMessage } from "../../lib/api.ts";
import { useMemberBalances } from "../../lib/balances.ts";
import { useMember } from "../../lib/member.tsx";
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
    <Card component="section" aria-labelledby="balances-heading" sx={{ mb: 3 }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="balances-heading" variant="h2" component="h2" sx={{ mb: 2 }}>
          Balances
        </Typography>
        {balances.isError ? (
          <Alert severity="error">{errorMessage(balances.error)}</Alert>
        ) : (
          <Box
            component="dl"
            sx={{
              m: 0,
              display: "grid",
              gap: 2,
              gridTemplateColumns: { xs: "1fr 1fr", md: "repeat(4, minmax(0, 1fr))" },
            }}
          >
            {BALANCES.map((b) => (
              <Box key={b.key} sx={{ minWidth: 0 }}>
                <Typography component="dt" variant="body2" sx={{ color: "text.secondary" }}>
                  {b.label}
                </Typography>
                <Box component="dd" sx={{ m: 0, fontWeight: 700, fontSize: { xs: "1rem", sm: "1.25rem" } }}>
                  {balances.data ? (
                    <Money cents={balances.data[b.key]} sx={{ whiteSpace: "normal", overflowWrap: "anywhere" }} />
                  ) : (
                    <Skeleton variant="text" width="80%" />
                  )}
                </Box>
              </Box>
            ))}
          </Box>
        )}
        <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap", mt: 2 }}>
          <Link component={RouterLink} to="/add-balance">
            Add Balance
          </Link>
          <Link component={RouterLink} to="/withdrawal">
            Withdraw
          </Link>
          <Link component={RouterLink} to="/wallet">
            History
          </Link>
        </Box>
      </CardContent>
    </Card>
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
      to: "/profile",
      label: "Review your profile",
      detail: "Your name, display currency and referral code.",
    },
    {
      done: Boolean(member.photoURL),
      to: "/update-profile",
      label: "Add a profile photo",
      detail: "So support recognises you.",
    },
    {
      done: member.twoFactorEnabled,
      to: "/security",
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
          <Card>
            <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
              <Typography variant="h2" component="h2">
                Getting started
              </Typography>
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
            </CardContent>
          </Card>
          <Card>
            <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
              <Typography variant="h2" component="h2">
                Invite friends
              </Typography>
              <Typography sx={{ mt: 1, color: "text.secondary" }}>Your referral link:</Typography>
              <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
                <Typography sx={{ wordBreak: "break-all", fontSize: "0.95rem" }}>{referral}</Typography>
                <CopyButton value={referral} label="Copy referral link" />
              </Box>
            </CardContent>
          </Card>
        </Box>
      </Box>
    </Box>
  );
}
