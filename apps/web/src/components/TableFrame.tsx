import { t } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import LinearProgress from "@mui/material/LinearProgress";
import Paper from "@mui/material/Paper";
import type { Theme } from "@mui/material/styles";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TablePagination from "@mui/material/TablePagination";
import TableRow from "@mui/material/TableRow";
import visuallyHidden from "@mui/utils/visuallyHidden";
import { type ReactNode, useLayoutEffect, useRef } from "react";
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

/** The names of the pager's buttons, in the member's language. */
export function pagerButtonLabel(type: "first" | "last" | "next" | "previous"): string {
  switch (type) {
    case "first":
      return t`Go to first page`;
    case "last":
      return t`Go to last page`;
    case "next":
      return t`Go to next page`;
    default:
      return t`Go to previous page`;
  }
}

/** The page and page-size controls under a paged list; they wrap on narrow screens. */
export function TablePager({ page, pageSize, total, onPage, sizes = PAGE_SIZES }: Paging) {
  const { t } = useLingui();
  return (
    <TablePagination
      component="div"
      labelRowsPerPage={t`Per page`}
      labelDisplayedRows={({ from, to, count }) => t`${from}–${to} of ${count}`}
      getItemAriaLabel={(type) => pagerButtonLabel(type)}
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

/**
 * Names each body cell after its column (`data-label`), so that on a phone a row can show as a
 * card of "label value" lines. Kept current as rows come and go (paging, live updates).
 */
export function useCellLabels() {
  const body = useRef<HTMLTableSectionElement>(null);
  useLayoutEffect(() => {
    const tbody = body.current;
    const headRow = tbody?.parentElement instanceof HTMLTableElement ? tbody.parentElement.tHead?.rows[0] : undefined;
    if (!tbody || !headRow) return;
    const label = () => {
      const names = [...headRow.cells].flatMap((cell) => Array(cell.colSpan).fill(cell.textContent?.trim() ?? ""));
      for (const row of tbody.rows) {
        let column = 0;
        for (const cell of row.cells) {
          if (cell.colSpan === 1) cell.dataset.label = names[column] ?? "";
          column += cell.colSpan;
        }
      }
    };
    label();
    const observer = new MutationObserver(label);
    observer.observe(tbody, { childList: true, subtree: true });
    observer.observe(headRow, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, []);
  return body;
}

/**
 * Below the `sm` breakpoint every row is a card of "column: value" lines, so no column is out of
 * sight on a phone; wider, a table that scrolls sideways inside itself (the page never does).
 */
export const cardsOnPhones = (theme: Theme) => ({
  [theme.breakpoints.down("sm")]: {
    "& thead": visuallyHidden,
    // Stacked in the hidden box: a row of long names would reach past the screen's edge.
    "& thead th": { display: "block" },
    "& table, & tbody, & tbody tr, & tbody td": { display: "block", width: "100%" },
    "& tbody tr": { py: 1, px: 0.5, borderBottom: 1, borderColor: "divider" },
    "& tbody tr:last-of-type": { borderBottom: 0 },
    "& tbody td": {
      display: "grid",
      gridTemplateColumns: "minmax(6.5rem, 38%) minmax(0, 1fr)",
      columnGap: 1.5,
      alignItems: "baseline",
      // Values keep their own width (a status chip, a button) and text wraps between words;
      // amounts never wrap inside a number (Money).
      justifyItems: "start",
      whiteSpace: "normal",
      border: 0,
      py: 0.5,
      textAlign: "left",
    },
    "& tbody td[data-label]::before": {
      content: "attr(data-label)",
      color: "text.secondary",
      fontSize: "0.8125rem",
      fontWeight: 600,
    },
    // Action cells (no column name) and "no rows" lines span the card.
    "& tbody td:not([data-label]), & tbody td[data-label='']": { gridTemplateColumns: "minmax(0, 1fr)" },
    "& tbody td[data-label='']::before": { display: "none" },
  },
});

/** "Loading ledger entries": the loading bar's name after the table's. */
function loadingName(label: string): string {
  const what = label.toLowerCase();
  return t`Loading ${what}`;
}

/** A table of rows, with its paging below; on phones its rows are cards (see `cardsOnPhones`). */
export function TableFrame({ label, regionLabel, loading, loadingLabel, head, children, paging }: TableFrameProps) {
  const body = useCellLabels();
  return (
    <Paper variant="outlined">
      {loading ? <LinearProgress aria-label={loadingLabel ?? loadingName(label)} /> : <Box sx={{ height: 4 }} />}
      <TableContainer
        sx={[{ overflowX: "auto" }, cardsOnPhones]}
        tabIndex={0}
        role="region"
        aria-label={regionLabel ?? label}
      >
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>{head}</TableRow>
          </TableHead>
          <TableBody ref={body}>{children}</TableBody>
        </Table>
      </TableContainer>
      {paging ? <TablePager {...paging} /> : null}
    </Paper>
  );
}
