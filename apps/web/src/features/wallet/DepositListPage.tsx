import type { DepositInvoice } from "@helio/shared";
import Link from "@mui/material/Link";
import { Link as RouterLink } from "react-router";
import type { Column } from "../../components/DataTable.tsx";
import { Money } from "../../components/Money.tsx";
import { StatusChip } from "../../components/StatusChip.tsx";
import { formatDateTime } from "../../lib/format.ts";
import { paths } from "../../lib/paths.ts";
import { depositListQuery } from "./api.ts";
import { RequestListPage } from "./RequestListPage.tsx";

const COLUMNS: Column<DepositInvoice>[] = [
  {
    key: "reference",
    header: "Reference",
    nowrap: true,
    render: (d) => (
      <Link component={RouterLink} to={paths.invoiceBalanceOne(d.id)} sx={{ fontFamily: "monospace", fontWeight: 600 }}>
        {d.reference}
      </Link>
    ),
  },
  { key: "amount", header: "Amount", align: "right", nowrap: true, render: (d) => <Money cents={d.amountCents} /> },
  { key: "status", header: "Status", nowrap: true, render: (d) => <StatusChip status={d.status} /> },
  {
    key: "created",
    header: "Created",
    nowrap: true,
    render: (d) => <time dateTime={d.createdAt}>{formatDateTime(d.createdAt)}</time>,
  },
];

/** `/invoice-balance`: 'Select an invoice' and the member's deposit invoices. */
export function InvoiceBalanceIndexPage() {
  return (
    <RequestListPage
      title="Deposit invoice"
      selectPrompt
      create={{ to: paths.addBalance, label: "Add Balance" }}
      table={{
        label: "Deposit invoices",
        columns: COLUMNS,
        query: depositListQuery,
        pageSize: 10,
        empty: "No deposit invoices yet.",
      }}
    />
  );
}
