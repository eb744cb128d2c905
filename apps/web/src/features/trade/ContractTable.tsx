import Card from "@mui/material/Card";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import type { ReactNode } from "react";
import { Money } from "../../components/Money.tsx";
import { cardsOnPhones, useCellLabels } from "../../components/TableFrame.tsx";
import { formatPrice } from "../../lib/format.ts";
import { directionLabel } from "./model.ts";

/** What every contract row shows, running or settled. */
interface ContractBase {
  id: string;
  symbol: string;
  direction: string;
  amountCents: number;
  entryPrice: string | null;
}

export interface ContractColumn<T> {
  header: string;
  align?: "right";
  render: (contract: T) => ReactNode;
}

/** The columns every contract table has, between the page's own before and after them. */
function commonColumns<T extends ContractBase>(): ContractColumn<T>[] {
  return [
    { header: "Pair", render: (t) => `${t.symbol}/USDT` },
    { header: "Direction", render: (t) => directionLabel(t.direction) },
    { header: "Amount", align: "right", render: (t) => <Money cents={t.amountCents} /> },
    { header: "Entry", align: "right", render: (t) => formatPrice(t.entryPrice) },
  ];
}

/** The member's contracts as a plain table: `before`, then pair, direction, amount and entry, then `after`. */
export function ContractTable<T extends ContractBase>({
  label,
  rowTestId,
  rows,
  before = [],
  after,
}: {
  label: string;
  /** Marks each row for the browser tests. */
  rowTestId: string;
  rows: readonly T[];
  before?: ContractColumn<T>[];
  after: ContractColumn<T>[];
}) {
  const columns = [...before, ...commonColumns<T>(), ...after];
  const body = useCellLabels();
  return (
    <TableContainer component={Card} variant="outlined" sx={cardsOnPhones}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.header} align={column.align}>
                {column.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody ref={body}>
          {rows.map((t) => (
            <TableRow key={t.id} data-testid={rowTestId}>
              {columns.map((column) => (
                <TableCell key={column.header} align={column.align}>
                  {column.render(t)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
