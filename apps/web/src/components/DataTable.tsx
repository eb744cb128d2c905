import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { QueryError } from "./QueryError.tsx";
import { EmptyRow, type Paging, TableFrame } from "./TableFrame.tsx";

export interface Column<T> {
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  align?: "left" | "right";
  /** Keep the cell on one line (dates, amounts). */
  nowrap?: boolean;
}

export interface DataTableProps<T> {
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

/** A paged table of `columns`, or the error of loading it with a retry. */
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
    <TableFrame
      label={label}
      loading={loading}
      paging={paging}
      head={columns.map((column) => (
        <TableCell key={column.key} align={column.align} sx={{ whiteSpace: "nowrap", fontWeight: 700 }}>
          {column.header}
        </TableCell>
      ))}
    >
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
        <EmptyRow colSpan={columns.length}>
          <Typography component="div" sx={{ py: 2, textAlign: "center", color: "text.secondary" }}>
            {empty}
          </Typography>
        </EmptyRow>
      ) : null}
    </TableFrame>
  );
}
