import { fromCents } from "@helio/shared";
import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { paths } from "../../lib/paths.ts";
import { liveSocket } from "../../lib/ws.ts";
import { apiCents } from "../../test/money.ts";
import { renderWithApp } from "../../test/render.tsx";
import { SettledToast } from "./SettledToast.tsx";

/** A settled contract as the live socket dispatches it, decoded: amounts in bigint microcents. */
const settled = (id: string, result: "win" | "loss" | "equal" | "void", payoutMicrocents: bigint) => ({
  id,
  symbol: "ETH",
  direction: "down",
  amountMicrocents: fromCents(1_000),
  account: "demo",
  payoutPercent: 85,
  durationSeconds: 30,
  entryPrice: "3000.00",
  entryAt: "2026-01-01T00:00:00.000Z",
  expiresAt: "2026-01-01T00:00:30.000Z",
  status: "settled",
  result,
  exitPrice: result === "void" ? null : "2999.00",
  payoutMicrocents,
  settledAt: "2026-01-01T00:00:31.500Z",
  createdAt: "2026-01-01T00:00:00.000Z",
});

beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    vi.fn(
      async () =>
        new Response(JSON.stringify({ menuContact: true, depositMinMicrocents: apiCents(1_000), rates: [] }), {
          status: 200,
        }),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe("SettledToast", () => {
  it("names each settled contract's outcome in turn, and shows nothing before", async () => {
    renderWithApp(<SettledToast />);
    expect(screen.queryByTestId("settled-toast")).toBeNull();
    act(() => {
      liveSocket.dispatch({ type: "trade.settled", contract: settled("a", "win", fromCents(1_850)) as never });
      liveSocket.dispatch({ type: "trade.settled", contract: settled("b", "void", fromCents(1_000)) as never });
    });
    expect((await screen.findByTestId("settled-toast")).textContent).toMatch(/ETH\/USDT Down won: 18\.50 USD paid\./);
    await userEvent.click(screen.getByRole("button", { name: /close/i }));
    await vi.waitFor(() =>
      expect(screen.getByTestId("settled-toast").textContent).toMatch(/was void \(no price at expiry\): 10\.00 USD/),
    );
    expect(screen.getByRole("link", { name: "History" }).getAttribute("href")).toBe(paths.historyTrade);
  });

  it("tells a loss by its stake", async () => {
    renderWithApp(<SettledToast />);
    act(() => liveSocket.dispatch({ type: "trade.settled", contract: settled("c", "loss", 0n) as never }));
    expect((await screen.findByTestId("settled-toast")).textContent).toMatch(
      /ETH\/USDT Down lost the 10\.00 USD stake\./,
    );
  });
});
