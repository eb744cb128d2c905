import type { UseQueryResult } from "@tanstack/react-query";
import { DataTable, type DataTableProps } from "./DataTable.tsx";
import type { Paging } from "./TableFrame.tsx";

/** What a paged list endpoint answers: one page of items and how many there are in all. */
export interface PagedList<T> {
  items: T[];
  total: number;
}

type PagedTableProps<T> = Omit<DataTableProps<T>, "rows" | "error" | "onRetry" | "paging" | "loading"> & {
  /** The query of the page shown. */
  query: UseQueryResult<PagedList<T>>;
  paging: Omit<Paging, "total">;
  /** Shows the loading bar; by default whenever the query reads. */
  loading?: boolean;
};

/**
 * For a list refreshed in the background: the bar only while the rows shown are not yet the ones
 * asked for (the first read, or another page or filter), not on every refresh.
 */
export function readingOtherRows(query: UseQueryResult<unknown>): boolean {
  return query.isFetching && (query.isPlaceholderData || !query.data);
}

/** A `DataTable` of one page of a list query: its rows, the bar while it reads, its error with a retry, paging. */
export function PagedTable<T>({ query, paging, loading = query.isFetching, ...table }: PagedTableProps<T>) {
  return (
    <DataTable
      {...table}
      rows={query.data?.items}
      loading={loading}
      error={query.isError ? query.error : undefined}
      onRetry={() => void query.refetch()}
      paging={{ ...paging, total: query.data?.total ?? 0 }}
    />
  );
}
