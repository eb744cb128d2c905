import { type AdminDeposit, type AdminWithdrawal, API, formatRate } from "@helio/shared";
import DownloadIcon from "@mui/icons-material/Download";
import Button from "@mui/material/Button";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { Column } from "../../components/DataTable.tsx";
import { Money } from "../../components/Money.tsx";
import { PagedTable } from "../../components/PagedTable.tsx";
import { PageSection } from "../../components/PageSection.tsx";
import { StatusChip } from "../../components/StatusChip.tsx";
import { TypedMoney } from "../../components/TypedMoney.tsx";
import { withQuery } from "../../lib/api.ts";
import { formatDateTime } from "../../lib/format.ts";
import { depositsQuery, withdrawalsQuery } from "./money-api.ts";

const usd = (microcents: bigint) => <Money microcents={microcents} currency="USD" rate={1} />;
const dash = "—";

// What the bank moved, beside the ledger's USD: the amount typed in the member's currency and the
// rate it was converted at (empty for a request made in USD).
const DEPOSIT_COLUMNS: Column<AdminDeposit>[] = [
  { key: "date", header: "Created", nowrap: true, render: (d) => formatDateTime(d.createdAt) },
  { key: "reference", header: "Reference", nowrap: true, render: (d) => d.reference },
  { key: "status", header: "Status", render: (d) => <StatusChip status={d.status} /> },
  {
    key: "local",
    header: "Amount (member's currency)",
    align: "right",
    nowrap: true,
    render: (d) => (d.local ? <TypedMoney local={d.local} /> : dash),
  },
  { key: "rate", header: "Rate", nowrap: true, render: (d) => (d.local ? formatRate(d.local) : dash) },
  { key: "usd", header: "Amount (USD)", align: "right", nowrap: true, render: (d) => usd(d.amountMicrocents) },
];

const WITHDRAWAL_COLUMNS: Column<AdminWithdrawal>[] = [
  { key: "date", header: "Requested", nowrap: true, render: (w) => formatDateTime(w.createdAt) },
  { key: "status", header: "Status", render: (w) => <StatusChip status={w.status} /> },
  {
    key: "local",
    header: "Amount (member's currency)",
    align: "right",
    nowrap: true,
    render: (w) => (w.local ? <TypedMoney local={w.local} /> : dash),
  },
  { key: "rate", header: "Rate", nowrap: true, render: (w) => (w.local ? formatRate(w.local) : dash) },
  { key: "usd", header: "Amount (USD)", align: "right", nowrap: true, render: (w) => usd(w.amountMicrocents) },
  { key: "fee", header: "Fee (USD)", align: "right", nowrap: true, render: (w) => usd(w.feeMicrocents) },
  { key: "net", header: "Pay out (USD)", align: "right", nowrap: true, render: (w) => usd(w.netMicrocents) },
  {
    key: "netLocal",
    header: "Pay out (member's currency)",
    align: "right",
    nowrap: true,
    render: (w) => (w.local ? <TypedMoney local={{ amount: w.local.net, currency: w.local.currency }} /> : dash),
  },
];

function CsvButton({ href }: { href: string }) {
  return (
    <Button component="a" href={href} download variant="outlined" size="small" startIcon={<DownloadIcon />}>
      Export CSV
    </Button>
  );
}

/** A member's deposit invoices, newest first, with what the bank moved beside the USD credited. */
export function MemberDeposits({ uid }: { uid: string }) {
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const list = useQuery(depositsQuery("all", paging.page, paging.pageSize, uid));
  return (
    <PageSection
      id="member-deposits-heading"
      title="Deposits"
      actions={<CsvButton href={withQuery(API.adminDepositsCsv, { status: "all", uid })} />}
    >
      <PagedTable
        label="Member deposits"
        columns={DEPOSIT_COLUMNS}
        query={list}
        rowKey={(d) => d.id}
        empty="No deposits yet."
        paging={{ ...paging, sizes: [10, 20, 50], onPage: (page, pageSize) => setPaging({ page, pageSize }) }}
      />
    </PageSection>
  );
}

/** A member's withdrawals, newest first: the amount typed, the rate, the USD figures and the payout. */
export function MemberWithdrawals({ uid }: { uid: string }) {
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const list = useQuery(withdrawalsQuery("all", paging.page, paging.pageSize, uid));
  return (
    <PageSection
      id="member-withdrawals-heading"
      title="Withdrawals"
      actions={<CsvButton href={withQuery(API.adminWithdrawalsCsv, { status: "all", uid })} />}
    >
      <PagedTable
        label="Member withdrawals"
        columns={WITHDRAWAL_COLUMNS}
        query={list}
        rowKey={(w) => w.id}
        empty="No withdrawals yet."
        paging={{ ...paging, sizes: [10, 20, 50], onPage: (page, pageSize) => setPaging({ page, pageSize }) }}
      />
    </PageSection>
  );
}
