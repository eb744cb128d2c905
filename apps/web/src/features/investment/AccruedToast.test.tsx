import { fromCents, type WsInvestmentAccrued } from "@helio/shared";
import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { paths } from "../../lib/paths.ts";
import { liveSocket } from "../../lib/ws.ts";
import { renderWithApp } from "../../test/render.tsx";
import { AccruedToast } from "./AccruedToast.tsx";
import { addAccrual, groupTotals } from "./accrued-group.ts";

/** An accrual message as the socket hands it on (parsed: amounts are bigints), amounts in cents. */
const accrued = (investmentId: string, amountCents: number, capitalReturnedCents = 0): WsInvestmentAccrued => ({
  type: "investment.accrued",
  investmentId,
  period: 3,
  amountMicrocents: fromCents(amountCents),
  periodsPaid: 3,
  durationPeriods: 30,
  profitPaidMicrocents: fromCents(3 * amountCents),
  status: "active",
  nextAccrualAt: "2026-01-01T00:04:00.000Z",
  capitalReturnedMicrocents: fromCents(capitalReturnedCents),
});

beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    vi.fn(
      async () =>
        new Response(JSON.stringify({ menuContact: true, depositMinMicrocents: String(fromCents(1000)), rates: [] }), {
          status: 200,
        }),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe("addAccrual", () => {
  it("gathers a burst into one group, the same investment's periods summed", () => {
    let group = addAccrual(null, accrued("a", 125), 7);
    group = addAccrual(group, accrued("b", 250), 8);
    group = addAccrual(group, accrued("a", 125, 10_000), 9);
    expect(group.id).toBe(7);
    expect(groupTotals(group)).toEqual({
      investments: 2,
      amountMicrocents: fromCents(500),
      capitalReturnedMicrocents: fromCents(10_000),
    });
  });
});

describe("AccruedToast", () => {
  it("tells of one investment by its period and invoice", async () => {
    renderWithApp(<AccruedToast />);
    act(() => liveSocket.dispatch(accrued("inv-1", 125)));
    const toast = await screen.findByTestId("accrued-toast");
    expect(toast.textContent).toContain("Profit credited: 1.25 USD (period 3 of 30).");
    expect(screen.getByRole("link", { name: "Invoice" }).getAttribute("href")).toBe(paths.invoiceOne("inv-1"));
  });

  it("shows one toast for a burst of accruals, with their count and sum, never one each", async () => {
    renderWithApp(<AccruedToast />);
    act(() => {
      liveSocket.dispatch(accrued("inv-1", 125));
      liveSocket.dispatch(accrued("inv-2", 250));
      liveSocket.dispatch(accrued("inv-3", 375));
    });
    const toast = await screen.findByTestId("accrued-toast");
    expect(screen.getAllByTestId("accrued-toast")).toHaveLength(1);
    expect(toast.textContent).toContain("Profit credited: 3 investments, 7.50 USD.");
    expect(screen.getByRole("link", { name: "Investments" }).getAttribute("href")).toBe(paths.investment);
    // Closed, it stays closed: the burst was one notice, not three queued.
    await userEvent.click(screen.getByRole("button", { name: "Close" }));
    await vi.waitFor(() => expect(screen.queryByTestId("accrued-toast")).toBeNull());
  });
});
