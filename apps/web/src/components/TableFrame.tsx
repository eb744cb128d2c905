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
import type { ReactNode } from "react";
import { PAGE_SIZES } from "../lib/paging.ts";

export interface Paging {
  /** 1-based. */
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number, pageSize: number) => void;
  sizes?: readonly number[];
}

/** 0-based page for TablePagination, kept within the pages that exist. */
export function pageIndex(page: number, total: number, pageSize: number): number {
  const last = Math.max(0, Math.ceil(total / pageSize) - 1);
  return Math.min(Math.max(0, page - 1), last);
}

/** The page and page-size controls under a paged list; they wrap on narrow screens. */
export function TablePager({ page, pageSize, total, onPage, sizes = PAGE_SIZES }: Paging) {
  return (
    <TablePagination
      component="div"
      labelRowsPerPage="Per page"
      sx={{ "& .MuiTablePagination-toolbar": { flexWrap: "wrap", rowGap: 0.5 } }}
      count={total}
      page={pageIndex(page, total, pageSize)}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[...sizes]}
      onPageChange={(_, next) => onPage(next + 1, pageSize)}
      onRowsPerPageChange={(event) => onPage(1, Number(event.target.value))}
    />
  );
}

/** A row of one cell across the whole table: what it says when there are no rows. */
export function EmptyRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <TableRow>
      <TableCell colSpan={colSpan}>{children}</TableCell>
    </TableRow>
  );
}

interface TableFrameProps {
  /** Accessible name of the table. */
  label: string;
  /** Accessible name of its scroll region; the table's when left out. */
  regionLabel?: string;
  /** Shows the loading bar (the space it takes stays, so the table does not jump). */
  loading: boolean;
  /** The loading bar's name; "Loading <label>" when left out. */
  loadingLabel?: string;
  /** The header cells. */
  head: ReactNode;
  /** The rows. */
  children: ReactNode;
  paging?: Paging;
}

/** A table that scrolls sideways inside itself on narrow screens (the page never does), with its paging below. */
export function TableFrame({ label, regionLabel, loading, loadingLabel, head, children, paging }: TableFrameProps) {
  return (
    <Paper variant="outlined">
      {loading ? (
        <LinearProgress aria-label={loadingLabel ?? `Loading ${label.toLowerCase()}`} />
      ) : (
        <Box sx={{ height: 4 }} />
      )}
      <TableContainer sx={{ overflowX: "auto" }} tabIndex={0} role="region" aria-label={regionLabel ?? label}>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>{head}</TableRow>
          </TableHead>
          <TableBody>{children}</TableBody>
        </Table>
      </TableContainer>
      {paging ? <TablePager {...paging} /> : null}
    </Paper>
  );
}
