import type { Withdrawal } from "@helio/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import Link from "@mui/material/Link";
import { Link as RouterLink } from "react-router";
import type { Column } from "../../components/DataTable.tsx";
import { Money } from "../../components/Money.tsx";
import { StatusChip } from "../../components/StatusChip.tsx";
import { TypedMoney } from "../../components/TypedMoney.tsx";
import { formatDateTime } from "../../lib/format.ts";
import { paths } from "../../lib/paths.ts";
import { withdrawalListQuery } from "./api.ts";
import { RequestListPage } from "./RequestListPage.tsx";

const COLUMNS: Column<Withdrawal>[] = [
  {
    key: "date",
    header: <Trans>Requested</Trans>,
    nowrap: true,
    render: (w) => (
      <Link component={RouterLink} to={paths.invoiceWdOne(w.id)}>
        <time dateTime={w.createdAt}>{formatDateTime(w.createdAt)}</time>
      </Link>
    ),
  },
  {
    key: "amount",
    header: <Trans>Amount</Trans>,
    align: "right",
    nowrap: true,
    // Asked in the member's currency: as typed, and the payout in it; the fee in USD, as charged.
    render: (w) => (w.local ? <TypedMoney local={w.local} /> : <Money microcents={w.amountMicrocents} />),
  },
  {
    key: "fee",
    header: <Trans>Fee</Trans>,
    align: "right",
    nowrap: true,
    render: (w) =>
      w.local ? <Money microcents={w.feeMicrocents} currency="USD" rate={1} /> : <Money microcents={w.feeMicrocents} />,
  },
  {
    key: "net",
    header: <Trans>You receive</Trans>,
    align: "right",
    nowrap: true,
    render: (w) =>
      w.local ? (
        <TypedMoney local={{ amount: w.local.net, currency: w.local.currency }} />
      ) : (
        <Money microcents={w.netMicrocents} />
      ),
  },
  {
    key: "to",
    header: <Trans>To</Trans>,
    nowrap: true,
    render: (w) => (
      <>
        <bdi>{w.destination.bankName}</bdi> <bdi dir="ltr">{w.destination.accountNumberMasked}</bdi>
      </>
    ),
  },
  { key: "status", header: <Trans>Status</Trans>, nowrap: true, render: (w) => <StatusChip status={w.status} /> },
];

/** The table of withdrawals and the button for a new one, in the member's words. */
function useWithdrawalList() {
  const { t } = useLingui();
  return {
    table: {
      label: t`Withdrawals`,
      columns: COLUMNS,
      query: withdrawalListQuery,
      pageSize: 20,
      empty: t`No withdrawals yet.`,
    },
    create: { to: paths.withdrawal, label: t`New withdrawal` },
  };
}

/** `/view-withdrawal`: every withdrawal of the member with its status (live). */
export function ViewWithdrawalPage() {
  const { t } = useLingui();
  const { table, create } = useWithdrawalList();
  return (
    <RequestListPage
      title={t`Withdrawals`}
      subtitle={t`Every withdrawal you requested and where it stands.`}
      create={create}
      table={table}
    />
  );
}

/** `/invoice-wd`: 'Select an invoice' and the member's withdrawals. */
export function InvoiceWdIndexPage() {
  const { t } = useLingui();
  const { table, create } = useWithdrawalList();
  return <RequestListPage title={t`Withdrawal invoice`} selectPrompt create={create} table={table} />;
}
