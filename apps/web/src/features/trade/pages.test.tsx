import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { formatPrice } from "../../lib/format.ts";
import { paths, routePatterns } from "../../lib/paths.ts";
import { liveSocket } from "../../lib/ws.ts";
import { apiCents } from "../../test/money.ts";
import { renderWithApp } from "../../test/render.tsx";
import { HistoryTradePage, OnTradePage, TradePairPage } from "./pages.tsx";

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });

const contract = {
  id: "c1",
  symbol: "BTC",
  direction: "up",
  amountMicrocents: apiCents(1_000),
  account: "demo",
  payoutPercent: 85,
  durationSeconds: 30,
  entryPrice: "95000.00",
  entryAt: "2026-01-01T00:00:00.000Z",
  expiresAt: new Date(Date.now() + 20_000).toISOString(),
  status: "open",
  result: null,
  exitPrice: null,
  payoutMicrocents: null,
  settledAt: null,
  createdAt: "2026-01-01T00:00:00.000Z",
};

function stubApi() {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      if (url.startsWith("/api/trades/open")) return json([{ ...contract, currentPrice: "95010.00", winning: true }]);
      if (url.startsWith("/api/trades/history"))
        return json({
          items: [
            {
              ...contract,
              status: "settled",
              result: "win",
              exitPrice: "95010.00",
              payoutMicrocents: apiCents(1_850),
              settledAt: contract.expiresAt,
            },
          ],
          total: 1,
          page: 1,
          pageSize: 20,
          mode: new URL(url, "http://x").searchParams.get("mode") ?? "practice",
          totals: {
            count: 1,
            wonMicrocents: apiCents(850),
            lostMicrocents: apiCents(0),
            netMicrocents: apiCents(850),
          },
        });
      if (url.startsWith("/api/settings"))
        return json({ menuContact: true, depositMinMicrocents: apiCents(1_000), rates: [] });
      return new Response("{}", { status: 404 });
    }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The URLs fetched so far that start with `path`. */
const requested = (path: string) =>
  (fetch as unknown as { mock: { calls: [string][] } }).mock.calls
    .map(([url]) => url)
    .filter((u) => u.startsWith(path));

describe("trade pages", () => {
  it("groups prices exactly", () => {
    expect(formatPrice("95000.12")).toBe("95,000.12");
    expect(formatPrice("0.381234")).toBe("0.381234");
    expect(formatPrice(null)).toBe("—");
  });

  it("shows the not-found page for an unknown pair", async () => {
    stubApi();
    const { queryClient } = renderWithApp(
      <Routes>
        <Route path={routePatterns.tradePair} element={<TradePairPage />} />
      </Routes>,
      { path: paths.tradePair("PEPE", "pepe") },
    );
    expect(screen.getByRole("heading", { name: "Page not found" })).toBeTruthy();
    // The page's reads (sent after the first paint) land here, not in the next test's requests.
    await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
  });

  it("lists running contracts with whether each is winning and a countdown", async () => {
    stubApi();
    renderWithApp(<OnTradePage />, { path: paths.onTrade });
    expect(await screen.findByText("Winning")).toBeTruthy();
    expect(screen.getByTestId("countdown").textContent).toMatch(/\d+ s/);
    // The member trades Free: their practice contracts by default, each named by its mode.
    expect(requested("/api/trades/open")).toEqual(["/api/trades/open?mode=practice"]);
    expect(screen.getByTestId("open-trade").textContent).toContain("Free");
    expect(screen.getByTestId("open-trades-staked").textContent).toBe("Staked: 10.00 USD");
  });

  it("shows settled contracts with totals, and refreshes when one settles", async () => {
    stubApi();
    renderWithApp(<HistoryTradePage />, { path: paths.historyTrade });
    expect(await screen.findByText("Win")).toBeTruthy();
    expect(screen.getByTestId("trade-totals").textContent).toContain("Contracts: 1");
    expect(screen.getByTestId("trade-totals").textContent).toContain("Won: 8.50 USD");
    expect(screen.getByTestId("trade-totals").textContent).toContain("Net: +8.50 USD");
    // One mode at a time, the member's current one (Free) first; Real on request, never both summed.
    expect(screen.getByTestId("trade-totals").textContent).toContain("Totals of Free contracts only");
    expect(requested("/api/trades/history")[0]).toContain("mode=practice");
    await userEvent.click(screen.getByRole("combobox", { name: "Mode" }));
    await userEvent.click(await screen.findByRole("option", { name: "Real" }));
    await vi.waitFor(() => expect(requested("/api/trades/history").at(-1)).toContain("mode=real"));
    await vi.waitFor(() =>
      expect(screen.getByTestId("trade-totals").textContent).toContain("Totals of Real contracts only"),
    );
    const calls = (fetch as unknown as { mock: { calls: unknown[] } }).mock.calls.length;
    liveSocket.dispatch({ type: "trade.settled", contract: { ...contract, status: "settled" } as never });
    await vi.waitFor(() =>
      expect((fetch as unknown as { mock: { calls: unknown[] } }).mock.calls.length).toBeGreaterThan(calls),
    );
  });
});
