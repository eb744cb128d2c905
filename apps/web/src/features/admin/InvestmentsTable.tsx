import type { AdminInvestment } from "@helio/shared";
import Link from "@mui/material/Link";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink } from "react-router";
import type { Column } from "../../components/DataTable.tsx";
import { Money } from "../../components/Money.tsx";
import { PagedTable } from "../../components/PagedTable.tsx";
import { StatusChip } from "../../components/StatusChip.tsx";
import { formatDateTime } from "../../lib/format.ts";
import { paths } from "../../lib/paths.ts";
import { type AdminInvestmentFilters, adminInvestmentsQuery } from "./investments-api.ts";

const COLUMNS: Column<AdminInvestment>[] = [
  { key: "reference", header: "Reference", nowrap: true, render: (i) => i.reference },
  {
    key: "member",
    header: "Member",
    render: (i) => (
      <Link component={RouterLink} to={paths.adminMember(i.member.uid)}>
        {i.member.fullName} (@{i.member.userName})
      </Link>
    ),
  },
  { key: "package", header: "Package", render: (i) => i.package.name },
  {
    key: "amount",
    header: "Amount",
    align: "right",
    nowrap: true,
    render: (i) => <Money microcents={i.amountMicrocents} currency="USD" />,
  },
  {
    key: "profit",
    header: "Profit paid",
    align: "right",
    nowrap: true,
    render: (i) => <Money microcents={i.profitPaidMicrocents} currency="USD" />,
  },
  { key: "periods", header: "Periods", nowrap: true, render: (i) => `${i.periodsPaid} / ${i.durationPeriods}` },
  { key: "started", header: "Started", nowrap: true, render: (i) => formatDateTime(i.startedAt) },
  { key: "matures", header: "Matures", nowrap: true, render: (i) => formatDateTime(i.maturedAt ?? i.maturesAt) },
  { key: "status", header: "Status", render: (i) => <StatusChip status={i.status} /> },
];

/** Investments matching `filters`, paged; the totals cover every matching row. */
export function InvestmentsTable({
  label,
  filters,
  onPage,
  hideMember = false,
}: {
  label: string;
  filters: AdminInvestmentFilters;
  onPage: (page: number, pageSize: number) => void;
  hideMember?: boolean;
}) {
  const list = useQuery(adminInvestmentsQuery(filters));
  return (
    <PagedTable
      label={label}
      columns={hideMember ? COLUMNS.filter((c) => c.key !== "member") : COLUMNS}
      query={list}
      rowKey={(i) => i.id}
      empty="No investments."
      paging={{ page: filters.page, pageSize: filters.pageSize, onPage }}
    />
  );
}

/** The totals line of the same filter. */
export function useInvestmentTotals(filters: AdminInvestmentFilters) {
  return useQuery(adminInvestmentsQuery(filters)).data?.totals;
}
