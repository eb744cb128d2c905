import Link from "@mui/material/Link";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { PagedTable, readingOtherRows } from "../../components/PagedTable.tsx";
import { SectionCard } from "../../components/SectionCard.tsx";
import { paths } from "../../lib/paths.ts";
import { contractColumns } from "./TradingContracts.tsx";
import { adminContractsQuery } from "./trading-api.ts";

const COLUMNS = contractColumns();

/**
 * The "Trades" card of the back office's member page: the member's contracts, open and settled,
 * newest first, paged; the Trading page's list (`/api/admin/trades?uid=`) for one member.
 */
export function MemberTrades({ uid, fullName }: { uid: string; fullName: string }) {
  const [state, setPaging] = useState({ uid, page: 1, pageSize: 10 });
  // Another member opened on the same page (the referrer's link): their trades start at page 1.
  const paging = state.uid === uid ? state : { ...state, page: 1 };
  const contracts = useQuery(adminContractsQuery("all", uid, paging.page, paging.pageSize));
  return (
    <SectionCard
      id="member-trades-heading"
      title="Trades"
      aside={
        <Link component={RouterLink} to={`${paths.adminTrading}?uid=${encodeURIComponent(uid)}`} variant="body2">
          See on the Trading page
        </Link>
      }
    >
      <PagedTable
        label={`Trades of ${fullName}`}
        columns={COLUMNS}
        query={contracts}
        rowKey={(t) => t.id}
        loading={readingOtherRows(contracts)}
        empty="No trades yet."
        paging={{
          page: paging.page,
          pageSize: paging.pageSize,
          sizes: [10, 20, 50],
          onPage: (page, pageSize) => setPaging({ uid, page, pageSize }),
        }}
      />
    </SectionCard>
  );
}
