import Box from "@mui/material/Box";
import LinearProgress from "@mui/material/LinearProgress";
import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TablePagination from "@mui/material/TablePagination";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { QueryError } from "./QueryError.tsx";

export interface Column<T> {
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  align?: "left" | "right";
  /** Keep the cell on one line (dates, amounts). */
  nowrap?: boolean;
}

export interface Paging {
  /** 1-based. */
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number, pageSize: number) => void;
  sizes?: readonly number[];
}

interface DataTableProps<T> {
  /** Accessible name of the table and its scroll region. */
  label: string;
  columns: Column<T>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string;
  loading?: boolean;
  error?: unknown;
  onRetry?: () => void;
  /** Shown when there are no rows. */
  empty: ReactNode;
  paging?: Paging;
}

/** 0-based page for TablePagination, kept within the pages that exist. */
export function pageIndex(page: number, total: number, pageSize: number): number {
  const last = Math.max(0, Math.ceil(total / pageSize) - 1);
  return Math.min(Math.max(0, page - 1), last);
}

/** A paged table that scrolls sideways inside itself on narrow screens (the page never does). */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  loading = false,
  error,
  onRetry,
  empty,
  paging,
}: DataTableProps<T>) {
  if (error) return <QueryError error={error} onRetry={onRetry} />;
  return (
    <Paper variant="outlined">
      {loading ? <LinearProgress aria-label={`Loading ${label.toLowerCase()}`} /> : <Box sx={{ height: 4 }} />}
      <TableContainer sx={{ overflowX: "auto" }} tabIndex={0} role="region" aria-label={label}>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column.key} align={column.align} sx={{ whiteSpace: "nowrap", fontWeight: 700 }}>
                  {column.header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows?.map((row) => (
              <TableRow key={rowKey(row)}>
                {columns.map((column) => (
                  <TableCell
                    key={column.key}
                    align={column.align}
                    sx={column.nowrap ? { whiteSpace: "nowrap" } : { wordBreak: "break-word" }}
                  >
                    {column.render(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
            {rows && rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={columns.length}>
                  <Typography component="div" sx={{ py: 2, textAlign: "center", color: "text.secondary" }}>
                    {empty}
                  </Typography>
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      {paging ? (
        <TablePagination
          component="div"
          labelRowsPerPage="Per page"
          sx={{ "& .MuiTablePagination-toolbar": { flexWrap: "wrap", rowGap: 0.5 } }}
          count={paging.total}
          page={pageIndex(paging.page, paging.total, paging.pageSize)}
          rowsPerPage={paging.pageSize}
          rowsPerPageOptions={[...(paging.sizes ?? [10, 20, 50, 100])]}
          onPageChange={(_, next) => paging.onPage(next + 1, paging.pageSize)}
          onRowsPerPageChange={(event) => paging.onPage(1, Number(event.target.value))}
        />
      ) : null}
    </Paper>
  );
}
