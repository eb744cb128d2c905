import { screen } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiCents } from "../../test/money.ts";
import { renderWithApp, sampleMember } from "../../test/render.tsx";
import { InvoiceBalancePage } from "./DepositInvoicePage.tsx";

const idrMember = { ...sampleMember, currency: "IDR" as const };

const invoice = {
  id: "d1",
  reference: "HD-7K2M9QXA",
  amountMicrocents: apiCents(3_077),
  local: null,
  status: "awaiting_payment",
  instructions: { bankName: "Bank Negara", accountName: "PT Helio", accountNumber: "0123-456", notes: "" },
  proof: null,
  reason: null,
  expiresAt: "2026-01-02T00:00:00.000Z",
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  reviewedAt: null,
};

function stubApi(answer: unknown) {
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { headers: { "Content-Type": "application/json" } });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      if (url.startsWith("/api/settings"))
        return json({
          depositMinMicrocents: apiCents(1_000),
          menuContact: true,
          rates: [{ name: "IDR", value: 16250, decimal: "16250" }],
        });
      if (url.startsWith("/api/deposits/d1")) return json(answer);
      return new Response("{}", { status: 404 });
    }),
  );
}

const renderInvoice = (member = idrMember) =>
  renderWithApp(
    <Routes>
      <Route path="/invoice-balance/:slug" element={<InvoiceBalancePage />} />
    </Routes>,
    { path: "/invoice-balance/d1", member },
  );

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("InvoiceBalancePage", () => {
  it("names the exact amount typed in the member's currency for the bank, the USD credit beside it", async () => {
    // 500,000 IDR at 16,250 is held as 30.76923077 USD.
    stubApi({
      ...invoice,
      amountMicrocents: "3076923077",
      local: { amount: "500000.00", currency: "IDR", rate: "16250" },
    });
    renderInvoice();
    // The sentences hold amounts in elements of their own: matched on an element's whole text.
    const whole = (tag: string, text: string) => (_: string, element: Element | null) =>
      element?.tagName === tag && (element.textContent ?? "").startsWith(text);
    expect(
      await screen.findByText(whole("P", "Transfer exactly 500,000.00 IDR to this account and put the reference")),
    ).toBeTruthy();
    const amount = screen.getAllByText("500,000.00 IDR", { exact: true });
    expect(amount).toHaveLength(2);
    expect(screen.getByText(whole("SPAN", "Credited to your wallet: 30.77 USD at 16,250 IDR per USD"))).toBeTruthy();
    // Never "about", and never the amount rounded to whole cents and converted back (500,012.50 IDR).
    expect(screen.queryByText(/about/)).toBeNull();
    expect(screen.queryByText(/500,012\.50/)).toBeNull();
  });

  it("reads as before for an invoice made in USD", async () => {
    stubApi(invoice);
    renderInvoice();
    expect(await screen.findByText(/^Transfer exactly the amount above/)).toBeTruthy();
    expect(screen.getByText("30.77 USD")).toBeTruthy();
    expect(screen.getByText(/about/)).toBeTruthy();
  });
});
