import type { WalletEntry } from "@helio/shared";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { Column } from "../../components/DataTable.tsx";
import { LEDGER_COLUMNS } from "../../components/ledger-columns.tsx";
import { Money } from "../../components/Money.tsx";
import { PagedTable } from "../../components/PagedTable.tsx";
import { formatDateTime } from "../../lib/format.ts";
import { referenceLabel } from "../../lib/ledger.ts";
import { memberLedgerQuery } from "./money-api.ts";

// The back office reads the plain figures: no time element, no colour for money in.
const COLUMNS: Column<WalletEntry>[] = [
  { key: "date", header: "Date", nowrap: true, render: (e) => formatDateTime(e.createdAt) },
  LEDGER_COLUMNS.kind,
  LEDGER_COLUMNS.account,
  {
    key: "amount",
    header: "Amount",
    align: "right",
    nowrap: true,
    render: (e) => <Money microcents={e.amountMicrocents} signed />,
  },
  LEDGER_COLUMNS.balanceAfter,
  { key: "reference", header: "Reference", nowrap: true, render: (e) => referenceLabel(e.reference) },
  { key: "memo", header: "Memo", render: (e) => e.memo ?? "—" },
];

/** A member's ledger entries, newest first, paged. */
export function MemberLedger({ uid }: { uid: string }) {
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const ledger = useQuery(memberLedgerQuery(uid, paging.page, paging.pageSize));
  return (
    <PagedTable
      label="Member ledger entries"
      columns={COLUMNS}
      query={ledger}
      rowKey={(e) => String(e.id)}
      empty="No movements yet."
      paging={{ ...paging, sizes: [10, 20, 50], onPage: (page, pageSize) => setPaging({ page, pageSize }) }}
    />
  );
}
