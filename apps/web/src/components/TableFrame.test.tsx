import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import { render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { EmptyRow, TableFrame } from "./TableFrame.tsx";

function Withdrawals({ rows }: { rows: { id: string; amount: string; status: string }[] }) {
  return (
    <TableFrame
      label="Withdrawals"
      loading={false}
      head={
        <>
          <TableCell>Amount</TableCell>
          <TableCell>Status</TableCell>
          <TableCell />
        </>
      }
    >
      {rows.map((row) => (
        <TableRow key={row.id}>
          <TableCell>{row.amount}</TableCell>
          <TableCell>{row.status}</TableCell>
          <TableCell>
            <button type="button">Open {row.id}</button>
          </TableCell>
        </TableRow>
      ))}
      {rows.length === 0 ? <EmptyRow colSpan={3}>Nothing yet</EmptyRow> : null}
    </TableFrame>
  );
}

const labelOf = (text: string) => screen.getByText(text).closest("td")?.dataset.label;

describe("TableFrame", () => {
  it("names every body cell after its column, for the phone card layout", () => {
    render(<Withdrawals rows={[{ id: "a", amount: "10.00 USD", status: "Paid" }]} />);
    expect(labelOf("10.00 USD")).toBe("Amount");
    expect(labelOf("Paid")).toBe("Status");
    expect(screen.getByRole("button", { name: "Open a" }).closest("td")?.dataset.label).toBe("");
  });

  it("names the cells of rows that arrive later, and leaves a spanning cell unnamed", async () => {
    const { rerender } = render(<Withdrawals rows={[]} />);
    expect(labelOf("Nothing yet")).toBeUndefined();
    rerender(<Withdrawals rows={[{ id: "b", amount: "25.00 USD", status: "Pending" }]} />);
    await waitFor(() => expect(labelOf("Pending")).toBe("Status"));
    expect(labelOf("25.00 USD")).toBe("Amount");
  });
});
