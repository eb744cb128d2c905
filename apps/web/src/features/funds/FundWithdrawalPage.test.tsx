import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiCents } from "../../test/money.ts";
import { renderWithApp, sampleMember } from "../../test/render.tsx";
import { WithdrawalProfitPage } from "./FundWithdrawalPage.tsx";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/** The profit fund holding `balanceMicrocents` (as the API writes it: digits). */
function stubApi(balanceMicrocents = apiCents(550)) {
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
      if (url.startsWith("/api/funds/profit/transfers") && init?.method === "POST") {
        bodies.push(JSON.parse(String(init.body)));
        const transfer = {
          id: "t1",
          fund: "profit",
          amountMicrocents: apiCents(550),
          fundBalanceAfterMicrocents: apiCents(0),
          createdAt: "",
        };
        return json({ transfer, walletMicrocents: apiCents(550), replayed: false });
      }
      if (url.startsWith("/api/funds/profit/transfers")) return json({ items: [], total: 0, page: 1, pageSize: 10 });
      if (url.startsWith("/api/funds/profit"))
        return json({
          fund: "profit",
          balanceMicrocents,
          minTransferMicrocents: apiCents(1_000),
          walletMicrocents: apiCents(0),
        });
      return new Response("{}", { status: 404 });
    }),
  );
  return bodies;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("WithdrawalProfitPage", () => {
  it("refuses less than the minimum, but 'All' moves the whole balance even below it", async () => {
    const bodies = stubApi();
    renderWithApp(<WithdrawalProfitPage />);
    const amount = (await screen.findByLabelText("Amount (USD)")) as HTMLInputElement;
    expect(await screen.findByText('At least 10.00 USD; "All" moves a smaller balance whole.')).toBeTruthy();
    fireEvent.change(amount, { target: { value: "5.50" } });
    fireEvent.click(screen.getByRole("button", { name: "Move to wallet" }));
    expect(await screen.findByText("At least 10.00 USD")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "All: the whole balance" }));
    expect(amount.value).toBe("5.50");
    fireEvent.click(screen.getByRole("button", { name: "Move to wallet" }));
    expect(await screen.findByText("5.50 USD moved to your wallet.")).toBeTruthy();
    expect(bodies).toEqual([{ all: true }]);
    await waitFor(() => expect(amount.value).toBe(""));
  });

  it("takes an IDR member's move in IDR, the minimum in both currencies, and sends it with the rate", async () => {
    const bodies = stubApi(apiCents(2_000));
    renderWithApp(<WithdrawalProfitPage />, { member: { ...sampleMember, currency: "IDR" } });
    const amount = (await screen.findByLabelText("Amount (IDR)")) as HTMLInputElement;
    expect(await screen.findByText("At least 10.00 USD (162,500.00 IDR).")).toBeTruthy();
    // "All" shows the balance (20.00 USD) in IDR.
    fireEvent.click(screen.getByRole("button", { name: "All: the whole balance" }));
    expect(amount.value).toBe("325000.00");
    fireEvent.change(amount, { target: { value: "81250" } });
    fireEvent.click(screen.getByRole("button", { name: "Move to wallet" }));
    expect(await screen.findByText("At least 10.00 USD (162,500.00 IDR)")).toBeTruthy();
    fireEvent.change(amount, { target: { value: "162500" } });
    expect(await screen.findByText("That is 10.00 USD at 16,250 IDR per USD.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Move to wallet" }));
    await waitFor(() => expect(bodies).toEqual([{ local: { amount: "162500", currency: "IDR", rate: "16250" } }]));
  });

  it("shows a balance between two cents rounded down under 'All', so that the amount shown is never more", async () => {
    stubApi("2550999999"); // 25.50999999 USD
    renderWithApp(<WithdrawalProfitPage />);
    const amount = (await screen.findByLabelText("Amount (USD)")) as HTMLInputElement;
    fireEvent.click(await screen.findByRole("button", { name: "All: the whole balance" }));
    expect(amount.value).toBe("25.50");
  });

  it("shows an IDR member's balance under 'All' in IDR as it was typed", async () => {
    stubApi("3076923077"); // 500,000 IDR as it is held: 30.76923077 USD
    renderWithApp(<WithdrawalProfitPage />, { member: { ...sampleMember, currency: "IDR" } });
    const amount = (await screen.findByLabelText("Amount (IDR)")) as HTMLInputElement;
    const all = await screen.findByRole("button", { name: "All: the whole balance" });
    await waitFor(() => expect((all as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(all);
    expect(amount.value).toBe("500000.00");
  });
});
