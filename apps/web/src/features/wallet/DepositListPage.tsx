import type { DepositInvoice } from "@helio/shared";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import { Trans } from "@lingui/react/macro";
import Link from "@mui/material/Link";
import { Link as RouterLink } from "react-router";
import type { Column } from "../../components/DataTable.tsx";
import { Money } from "../../components/Money.tsx";
import { StatusChip } from "../../components/StatusChip.tsx";
import { TypedMoney } from "../../components/TypedMoney.tsx";
import { formatDateTime } from "../../lib/format.ts";
import { paths } from "../../lib/paths.ts";
import { depositListQuery } from "./api.ts";
import { RequestListPage } from "./RequestListPage.tsx";

const COLUMNS: Column<DepositInvoice>[] = [
  {
    key: "reference",
    header: <Trans>Reference</Trans>,
    nowrap: true,
    render: (d) => (
      <Link
        component={RouterLink}
        to={paths.invoiceBalanceOne(d.id)}
        translate="no"
        sx={{ fontFamily: "monospace", fontWeight: 600 }}
      >
        {d.reference}
      </Link>
    ),
  },
  {
    key: "amount",
    header: <Trans>Amount</Trans>,
    align: "right",
    nowrap: true,
    // The amount typed in the member's currency is the one to transfer, exactly.
    render: (d) => (d.local ? <TypedMoney local={d.local} /> : <Money microcents={d.amountMicrocents} />),
  },
  { key: "status", header: <Trans>Status</Trans>, nowrap: true, render: (d) => <StatusChip status={d.status} /> },
  {
    key: "created",
    header: <Trans>Created</Trans>,
    nowrap: true,
    render: (d) => <time dateTime={d.createdAt}>{formatDateTime(d.createdAt)}</time>,
  },
];

/** `/invoice-balance`: 'Select an invoice' and the member's deposit invoices. */
export function InvoiceBalanceIndexPage() {
  const { i18n } = useLingui();
  return (
    <RequestListPage
      title={i18n._(msg`Deposit invoice`)}
      selectPrompt
      create={{ to: paths.addBalance, label: i18n._(msg`Add Balance`) }}
      table={{
        label: i18n._(msg`Deposit invoices`),
        columns: COLUMNS,
        query: depositListQuery,
        pageSize: 10,
        empty: i18n._(msg`No deposit invoices yet.`),
      }}
    />
  );
}
