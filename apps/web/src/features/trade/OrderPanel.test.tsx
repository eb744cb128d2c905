import { fireEvent, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiCents } from "../../test/money.ts";
import { renderWithApp, sampleMember } from "../../test/render.tsx";
import { OrderPanel } from "./OrderPanel.tsx";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const contract = {
  id: "c1",
  symbol: "BTC",
  direction: "down",
  amountMicrocents: apiCents(1_250),
  account: "demo",
  payoutPercent: 85,
  durationSeconds: 60,
  entryPrice: "95000.00",
  entryAt: "2026-01-01T00:00:00.000Z",
  expiresAt: "2026-01-01T00:01:00.000Z",
  status: "open",
  result: null,
  exitPrice: null,
  payoutMicrocents: null,
  settledAt: null,
  createdAt: "2026-01-01T00:00:00.000Z",
};

function stubApi() {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith("/api/settings"))
        return json({
          menuContact: true,
          depositMinMicrocents: apiCents(1_000),
          rates: [{ name: "IDR", value: 16_250, decimal: "16250" }],
        });
      if (url.startsWith("/api/trades/config"))
        return json({
          minMicrocents: apiCents(100),
          maxMicrocents: apiCents(1_000_000),
          durations: [30, 60],
          openLimit: 20,
          payouts: { BTC: 80 },
          amountPresetsMicrocents: [apiCents(500), apiCents(1_000), apiCents(2_500)],
        });
      if (url.startsWith("/api/wallet"))
        return json({
          wallet: apiCents(0),
          demo: apiCents(1_000_000),
          profit: apiCents(0),
          bonus: apiCents(0),
          withdrawal_hold: apiCents(0),
        });
      if (url.startsWith("/api/trades") && init?.method === "POST") {
        bodies.push(JSON.parse(String(init.body)));
        return json(contract);
      }
      return new Response("{}", { status: 404 });
    }),
  );
  return bodies;
}

/** The trade page before the pairs' quotes have loaded: whether the price is stale is not known yet. */
function PanelBeforeQuotes() {
  const [stale, setStale] = useState<boolean | null>(null);
  return (
    <>
      <button type="button" onClick={() => setStale(false)}>
        Quotes arrive
      </button>
      <OrderPanel symbol="BTC" stale={stale} />
    </>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("OrderPanel", () => {
  it("appears whole: not before the stake's balance and whether the price is stale are known", async () => {
    stubApi();
    const { queryClient } = renderWithApp(<PanelBeforeQuotes />);
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.queryByTestId("order-panel")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Quotes arrive" }));
    expect((await screen.findByTestId("stake-source")).textContent).toContain("10,000.00 USD");
  });

  it("checks the stake as it is typed, in the server's words, and blocks Up and Down meanwhile", async () => {
    stubApi();
    renderWithApp(<OrderPanel symbol="BTC" stale={false} />);
    const amount = await screen.findByLabelText("Amount (USD)");
    const up = screen.getByRole("button", { name: /^Up/ }) as HTMLButtonElement;
    // The button names what a win pays: the stake and the 80 % payout.
    expect(up.textContent).toBe("Up · pays 18.00 USD");
    fireEvent.change(amount, { target: { value: "0" } });
    expect(await screen.findByText("At least 1.00 USD")).toBeTruthy();
    expect(up.disabled).toBe(true);
    fireEvent.change(amount, { target: { value: "10000.01" } });
    expect(await screen.findByText("At most 10,000.00 USD")).toBeTruthy();
    fireEvent.change(amount, { target: { value: "1.234" } });
    expect(await screen.findByText("At most 2 decimals")).toBeTruthy();
    // The words of every amount field (lib/amount.ts), not the panel's own.
    fireEvent.change(amount, { target: { value: "-5" } });
    expect(await screen.findByText("Cannot be negative")).toBeTruthy();
    fireEvent.change(amount, { target: { value: "abc" } });
    expect(await screen.findByText("Enter an amount like 12.34")).toBeTruthy();
    expect(up.textContent).toBe("Up");
    fireEvent.change(amount, { target: { value: "12.5" } });
    await waitFor(() => expect(up.disabled).toBe(false));
  });

  it("places the contract with the direction of the button pressed", async () => {
    const bodies = stubApi();
    renderWithApp(<OrderPanel symbol="BTC" stale={false} />);
    fireEvent.change(await screen.findByLabelText("Amount (USD)"), { target: { value: "12.5" } });
    fireEvent.click(screen.getByRole("button", { name: /^Down/ }));
    expect(await screen.findByText("Down contract placed at", { exact: false })).toBeTruthy();
    expect(bodies).toEqual([{ symbol: "BTC", direction: "down", amount: "12.5", durationSeconds: 30 }]);
  });

  it("sets the stake from a preset and steps it to the next preset with − and +", async () => {
    stubApi();
    renderWithApp(<OrderPanel symbol="BTC" stale={false} />);
    const amount = (await screen.findByLabelText("Amount (USD)")) as HTMLInputElement;
    expect(amount.value).toBe("10.00");
    fireEvent.click(screen.getByRole("button", { name: "Larger stake" }));
    expect(amount.value).toBe("25.00");
    // Past the largest preset, + adds the smallest.
    fireEvent.click(screen.getByRole("button", { name: "Larger stake" }));
    expect(amount.value).toBe("30.00");
    fireEvent.click(screen.getByRole("button", { name: "Smaller stake" }));
    expect(amount.value).toBe("25.00");
    fireEvent.click(screen.getByText("5.00 USD"));
    expect(amount.value).toBe("5.00");
    await waitFor(() => expect(screen.getByRole("button", { name: /^Up/ }).textContent).toBe("Up · pays 9.00 USD"));
  });

  it("starts from the stake and duration this member placed last, not another member's", async () => {
    stubApi();
    localStorage.setItem(
      `helio.trade.lastOrder.${sampleMember.uid}`,
      JSON.stringify({ amountMicrocents: apiCents(1_250), durationSeconds: 60 }),
    );
    localStorage.setItem(
      "helio.trade.lastOrder.someone-else",
      JSON.stringify({ amountMicrocents: apiCents(9_900), durationSeconds: 30 }),
    );
    try {
      renderWithApp(<OrderPanel symbol="BTC" stale={false} />);
      expect(((await screen.findByLabelText("Amount (USD)")) as HTMLInputElement).value).toBe("12.50");
      expect(screen.getByText("1 m")).toBeTruthy();
      fireEvent.click(screen.getByRole("button", { name: /^Down/ }));
      await screen.findByText("Down contract placed at", { exact: false });
      // The placed contract (stubbed: 12.50 for 60 s) is kept for the next visit, its microcents as digits.
      expect(JSON.parse(localStorage.getItem(`helio.trade.lastOrder.${sampleMember.uid}`) ?? "")).toEqual({
        amountMicrocents: apiCents(1_250),
        durationSeconds: 60,
      });
    } finally {
      localStorage.clear();
    }
  });

  it("forgets a last stake kept in whole cents, from before microcents", async () => {
    stubApi();
    localStorage.setItem(
      `helio.trade.lastOrder.${sampleMember.uid}`,
      JSON.stringify({ amountCents: 1250, durationSeconds: 60 }),
    );
    try {
      renderWithApp(<OrderPanel symbol="BTC" stale={false} />);
      expect(((await screen.findByLabelText("Amount (USD)")) as HTMLInputElement).value).toBe("10.00");
      expect(screen.getByText("30 s")).toBeTruthy();
    } finally {
      localStorage.clear();
    }
  });

  it("takes an IDR member's stake in IDR: 10 USD by default, the win and the limits from the converted microcents", async () => {
    const bodies = stubApi();
    renderWithApp(<OrderPanel symbol="BTC" stale={false} />, { member: { ...sampleMember, currency: "IDR" } });
    const amount = (await screen.findByLabelText("Amount (IDR)")) as HTMLInputElement;
    expect(amount.value).toBe("162500.00");
    expect(screen.getByText("That is 10.00 USD at 16,250 IDR per USD.")).toBeTruthy();
    // 18.00 USD at 16,250.
    expect(screen.getByRole("button", { name: /^Up/ }).textContent).toBe("Up · pays 292,500.00 IDR");
    fireEvent.change(amount, { target: { value: "1000" } });
    expect(await screen.findByText("At least 1.00 USD (16,250.00 IDR)")).toBeTruthy();
    expect(screen.queryByText(/^That is/)).toBeNull();
    fireEvent.change(amount, { target: { value: "abc" } });
    expect(await screen.findByText("Enter an amount like 12.34")).toBeTruthy();
    // 500,000 IDR is 3,076,923,077 microcents; its win, × 1.80 to the microcent, 5,538,461,539: 900,000.00 IDR.
    fireEvent.change(amount, { target: { value: "500000" } });
    await waitFor(() =>
      expect(screen.getByRole("button", { name: /^Up/ }).textContent).toBe("Up · pays 900,000.00 IDR"),
    );
    fireEvent.change(amount, { target: { value: "81250" } });
    expect(await screen.findByText("That is 5.00 USD at 16,250 IDR per USD.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: /^Up/ }));
    // (The stubbed answer is always the same Down contract.)
    expect(await screen.findByText(/contract placed at/)).toBeTruthy();
    expect(bodies).toEqual([
      {
        symbol: "BTC",
        direction: "up",
        local: { amount: "81250", currency: "IDR", rate: "16250" },
        durationSeconds: 30,
      },
    ]);
  });
});
