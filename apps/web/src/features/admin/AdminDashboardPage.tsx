import { type AdminDashboard, MEMBER_ACCOUNTS, SYSTEM_ACCOUNTS } from "@helio/shared";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Link from "@mui/material/Link";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router";
import { Money } from "../../components/Money.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { QueryError } from "../../components/QueryError.tsx";
import { accountLabel } from "../../lib/ledger.ts";
import { paths } from "../../lib/paths.ts";
import { ExampleInstructionsAlert } from "./ExampleInstructionsAlert.tsx";
import { dashboardQuery } from "./money-api.ts";

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id={id} variant="h2" component="h2" sx={{ mb: 2 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function Stats({ items }: { items: { label: string; value: ReactNode; href?: string; caption?: string }[] }) {
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: "grid", gap: 2, gridTemplateColumns: "repeat(auto-fill, minmax(150px, 1fr))" }}
    >
      {items.map((item) => (
        <Box key={item.label} sx={{ minWidth: 0 }}>
          <Typography component="dt" variant="body2" sx={{ color: "text.secondary" }}>
            {item.href ? (
              <Link component={RouterLink} to={item.href}>
                {item.label}
              </Link>
            ) : (
              item.label
            )}
          </Typography>
          <Box component="dd" sx={{ m: 0, fontSize: "1.25rem", fontWeight: 700, overflowWrap: "anywhere" }}>
            {item.value}
            {item.caption ? (
              <Typography component="span" variant="caption" sx={{ display: "block", color: "text.secondary" }}>
                {item.caption}
              </Typography>
            ) : null}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

const SYSTEM_LABELS: Record<(typeof SYSTEM_ACCOUNTS)[number], string> = {
  deposits_clearing: "Deposits clearing",
  payouts_clearing: "Payouts clearing",
  trading_house: "Trading house",
  investment_pool: "Investment pool",
  commissions: "Commissions",
  adjustments: "Adjustments",
  demo_issuer: "Demo issuer",
  fees: "Fees",
};

/**
 * A platform account's figure; the trading house's as its two parts, Real (the house result) and
 * Practice (demo money), which are never added together.
 */
function systemStats(account: (typeof SYSTEM_ACCOUNTS)[number], d: AdminDashboard) {
  const money = (microcents: bigint) => <Money microcents={microcents} sx={{ whiteSpace: "normal" }} />;
  if (account !== "trading_house") return [{ label: SYSTEM_LABELS[account], value: money(d.systemAccounts[account]) }];
  return [
    {
      label: "Trading house · Real",
      value: money(d.tradingHouse.realMicrocents),
      href: paths.adminTrading,
      caption: "The house result: real money only",
    },
    {
      label: "Trading house · Practice",
      value: money(d.tradingHouse.practiceMicrocents),
      caption: "Demo money, apart: not part of the house result",
    },
  ];
}

function CountSum({ count, sumMicrocents }: { count: number; sumMicrocents: bigint }) {
  return (
    <>
      {count}
      <Box component="span" sx={{ display: "block", fontSize: "0.9rem", fontWeight: 400, color: "text.secondary" }}>
        <Money microcents={sumMicrocents} sx={{ whiteSpace: "normal" }} />
      </Box>
    </>
  );
}

/** What the Members figure counts: the server's one definition, which the Members page's total shares. */
const MEMBERS_COUNTED = "Every account but admins; blocked and banned count";

/**
 * Under the member money: the admins' own balances (the demo grant every account gets, say), which
 * it leaves out as it leaves them out of the count. Named apart, so that member money, this and the
 * platform accounts still add up to zero.
 */
function AdminMoneyLine({ money }: { money: AdminDashboard["adminMoney"] }) {
  const held = MEMBER_ACCOUNTS.filter((a) => (money[a] ?? 0n) !== 0n);
  return (
    <Typography variant="body2" sx={{ color: "text.secondary", mt: 2 }}>
      Admins are not members: their own accounts are not counted above.
      {held.length > 0 ? (
        <>
          {" They hold "}
          {held.map((a, i) => (
            <span key={a}>
              {i > 0 ? ", " : null}
              {accountLabel(a)} <Money microcents={money[a] ?? 0n} />
            </span>
          ))}
          .
        </>
      ) : null}
    </Typography>
  );
}

/** `/admin/dashboard`: queues, investments, member money by account, platform accounts and today's flows. */
export function AdminDashboardPage() {
  const dashboard = useQuery(dashboardQuery);
  if (dashboard.isPending) {
    return (
      <Box aria-busy="true">
        <PageHeader title="Dashboard" />
        <Skeleton variant="rounded" height={320} />
      </Box>
    );
  }
  if (dashboard.isError) {
    return (
      <Box>
        <PageHeader title="Dashboard" />
        <QueryError error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      </Box>
    );
  }
  const d = dashboard.data;
  const money = (microcents: bigint | undefined) => (
    <Money microcents={microcents ?? 0n} sx={{ whiteSpace: "normal" }} />
  );
  return (
    <Box>
      <PageHeader title="Dashboard" subtitle="Today is the current UTC day. Numbers refresh every 15 seconds." />
      <ExampleInstructionsAlert link sx={{ mb: 3 }} />
      <Box sx={{ display: "grid", gap: 3, gridTemplateColumns: { xs: "1fr", lg: "1fr 1fr" } }}>
        <Section id="pending-heading" title="Waiting for you">
          <Stats
            items={[
              { label: "Deposits to review", value: d.pending.deposits, href: paths.adminDeposits },
              { label: "Withdrawals to pay", value: d.pending.withdrawals, href: paths.adminWithdrawals },
              { label: "KYC to review", value: d.pending.kyc, href: paths.adminKyc },
              {
                label: "Invoices awaiting payment",
                value: d.pending.depositsAwaitingPayment,
                href: `${paths.adminDeposits}?status=awaiting_payment`,
              },
            ]}
          />
        </Section>
        <Section id="members-heading" title="Members">
          <Stats
            items={[
              {
                label: "Members",
                value: d.members.total,
                href: paths.admin,
                caption: MEMBERS_COUNTED,
              },
              { label: "Blocked", value: d.members.blocked },
              { label: "Banned", value: d.members.banned },
            ]}
          />
        </Section>
        <Section id="today-heading" title="Today">
          <Stats
            items={[
              { label: "Deposits requested", value: <CountSum {...d.today.depositsRequested} /> },
              { label: "Deposits approved", value: <CountSum {...d.today.depositsApproved} /> },
              { label: "Withdrawals requested", value: <CountSum {...d.today.withdrawalsRequested} /> },
              { label: "Withdrawals approved", value: <CountSum {...d.today.withdrawalsApproved} /> },
            ]}
          />
        </Section>
        <Section id="investments-heading" title="Investments">
          <Stats
            items={[
              {
                label: "Active investments",
                value: d.investments.activeCount,
                href: `${paths.adminInvestments}?status=active`,
              },
              { label: "Invested capital", value: money(d.investments.investedCapitalMicrocents) },
              { label: "Profit paid", value: money(d.investments.profitPaidMicrocents) },
              { label: "Commissions paid", value: money(d.investments.commissionsPaidMicrocents) },
              {
                label: "Capital due in 7 days",
                value: (
                  <CountSum
                    count={d.investments.maturingNext7Days}
                    sumMicrocents={d.investments.capitalDueNext7DaysMicrocents}
                  />
                ),
              },
            ]}
          />
        </Section>
        <Section id="money-heading" title="Member money">
          <Stats items={MEMBER_ACCOUNTS.map((a) => ({ label: accountLabel(a), value: money(d.memberMoney[a]) }))} />
          <AdminMoneyLine money={d.adminMoney} />
        </Section>
        <Section id="system-heading" title="Platform accounts">
          <Typography variant="body2" sx={{ color: "text.secondary", mb: 2 }}>
            The other side of every movement: with member money and the admins' own, they add up to zero. The trading
            house is shown in two parts: Real is the house result, as on Trading; Practice is demo money, never added to
            it.
          </Typography>
          <Stats items={SYSTEM_ACCOUNTS.flatMap((a) => systemStats(a, d))} />
          <Typography variant="body2" sx={{ mt: 2 }}>
            <Link component={RouterLink} to={paths.adminLedger}>
              Verify the ledger
            </Link>
          </Typography>
        </Section>
      </Box>
    </Box>
  );
}
