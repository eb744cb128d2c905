import { Trans } from "@lingui/react/macro";
import AddIcon from "@mui/icons-material/Add";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { type QueryKey, type UseQueryOptions, useQuery } from "@tanstack/react-query";
import { Link as RouterLink } from "react-router";
import type { Column } from "../../components/DataTable.tsx";
import { type PagedList, PagedTable } from "../../components/PagedTable.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { usePagingParams } from "../../lib/paging.ts";
import { useWalletLive } from "./api.ts";

/** What a list endpoint answers: one page of the member's requests and how many there are in all. */
type RequestPage = PagedList<{ id: string }>;

interface RequestTableProps<P extends RequestPage, K extends QueryKey> {
  /** Accessible name of the table. */
  label: string;
  columns: Column<P["items"][number]>[];
  /** The query of one page (1-based) of the list. */
  query: (page: number, pageSize: number) => UseQueryOptions<P, Error, P, K>;
  /** The page size when the URL names none (or one not offered). */
  pageSize: number;
  /** Shown when there are no requests. */
  empty: string;
}

/** The member's requests (deposit invoices, withdrawals) as a paged table (live); page and size live in the URL. */
function RequestTable<P extends RequestPage, K extends QueryKey>({
  label,
  columns,
  query,
  pageSize: size,
  empty,
}: RequestTableProps<P, K>) {
  const paging = usePagingParams({ pageSize: size });
  const list = useQuery(query(paging.page, paging.pageSize));
  useWalletLive();
  return <PagedTable label={label} columns={columns} query={list} rowKey={(r) => r.id} empty={empty} paging={paging} />;
}

interface RequestListPageProps<P extends RequestPage, K extends QueryKey> {
  title: string;
  subtitle?: string;
  /** 'Select an invoice' above the table (the invoice index pages). */
  selectPrompt?: boolean;
  /** The button that starts a new request. */
  create: { to: string; label: string };
  table: RequestTableProps<P, K>;
}

/** A page of the member's requests: the heading with the button for a new one, then the table. */
export function RequestListPage<P extends RequestPage, K extends QueryKey>({
  title,
  subtitle,
  selectPrompt = false,
  create,
  table,
}: RequestListPageProps<P, K>) {
  return (
    <Box>
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={
          <Button component={RouterLink} to={create.to} variant="contained" startIcon={<AddIcon />}>
            {create.label}
          </Button>
        }
      />
      {selectPrompt ? (
        <Typography sx={{ mb: 2 }}>
          <Trans>Select an invoice</Trans>
        </Typography>
      ) : null}
      <RequestTable {...table} />
    </Box>
  );
}
