import { useLingui } from "@lingui/react/macro";
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
  amountMicrocents: bigint;
  entryPrice: string | null;
}

export interface ContractColumn<T> {
  header: string;
  align?: "right";
  render: (contract: T) => ReactNode;
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
  const { t } = useLingui();
  // The columns every contract table has, between the page's own before and after them.
  const common: ContractColumn<T>[] = [
    { header: t`Pair`, render: (c) => `${c.symbol}/USDT` },
    { header: t`Direction`, render: (c) => directionLabel(c.direction) },
    { header: t`Amount`, align: "right", render: (c) => <Money microcents={c.amountMicrocents} /> },
    { header: t`Entry`, align: "right", render: (c) => formatPrice(c.entryPrice) },
  ];
  const columns = [...before, ...common, ...after];
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
          {rows.map((c) => (
            <TableRow key={c.id} data-testid={rowTestId}>
              {columns.map((column) => (
                <TableCell key={column.header} align={column.align}>
                  {column.render(c)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
