import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApp } from "../../test/render.tsx";
import { WithdrawalProfitPage } from "./FundWithdrawalPage.tsx";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function stubApi() {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith("/api/funds/profit/transfers") && init?.method === "POST") {
        bodies.push(JSON.parse(String(init.body)));
        const transfer = { id: "t1", fund: "profit", amountCents: 550, fundBalanceAfterCents: 0, createdAt: "" };
        return json({ transfer, walletCents: 550, replayed: false });
      }
      if (url.startsWith("/api/funds/profit/transfers")) return json({ items: [], total: 0, page: 1, pageSize: 10 });
      if (url.startsWith("/api/funds/profit"))
        return json({ fund: "profit", balanceCents: 550, minTransferCents: 1000, walletCents: 0 });
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
});
