import type { Withdrawal } from "@helio/shared";
import Link from "@mui/material/Link";
import { Link as RouterLink } from "react-router";
import type { Column } from "../../components/DataTable.tsx";
import { Money } from "../../components/Money.tsx";
import { StatusChip } from "../../components/StatusChip.tsx";
import { formatDateTime } from "../../lib/format.ts";
import { paths } from "../../lib/paths.ts";
import { withdrawalListQuery } from "./api.ts";
import { RequestListPage } from "./RequestListPage.tsx";

const COLUMNS: Column<Withdrawal>[] = [
  {
    key: "date",
    header: "Requested",
    nowrap: true,
    render: (w) => (
      <Link component={RouterLink} to={paths.invoiceWdOne(w.id)}>
        <time dateTime={w.createdAt}>{formatDateTime(w.createdAt)}</time>
      </Link>
    ),
  },
  { key: "amount", header: "Amount", align: "right", nowrap: true, render: (w) => <Money cents={w.amountCents} /> },
  { key: "fee", header: "Fee", align: "right", nowrap: true, render: (w) => <Money cents={w.feeCents} /> },
  { key: "net", header: "You receive", align: "right", nowrap: true, render: (w) => <Money cents={w.netCents} /> },
  {
    key: "to",
    header: "To",
    nowrap: true,
    render: (w) => `${w.destination.bankName} ${w.destination.accountNumberMasked}`,
  },
  { key: "status", header: "Status", nowrap: true, render: (w) => <StatusChip status={w.status} /> },
];

const TABLE = {
  label: "Withdrawals",
  columns: COLUMNS,
  query: withdrawalListQuery,
  pageSize: 20,
  empty: "No withdrawals yet.",
};

const NEW_WITHDRAWAL = { to: paths.withdrawal, label: "New withdrawal" };

/** `/view-withdrawal`: every withdrawal of the member with its status (live). */
export function ViewWithdrawalPage() {
  return (
    <RequestListPage
      title="Withdrawals"
      subtitle="Every withdrawal you requested and where it stands."
      create={NEW_WITHDRAWAL}
      table={TABLE}
    />
  );
}

/** `/invoice-wd`: 'Select an invoice' and the member's withdrawals. */
export function InvoiceWdIndexPage() {
  return <RequestListPage title="Withdrawal invoice" selectPrompt create={NEW_WITHDRAWAL} table={TABLE} />;
}
