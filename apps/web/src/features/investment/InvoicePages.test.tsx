import { fromCents, type InvestmentInvoice, jsonText } from "@helio/shared";
import { screen } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApp } from "../../test/render.tsx";
import { InvoicePage } from "./InvoicePages.tsx";

/** An API answer: amounts (bigint) as strings of digits in microcents, as the server sends them. */
const json = (body: unknown) =>
  new Response(jsonText(body), { status: 200, headers: { "Content-Type": "application/json" } });

/** 1,000.00 USD in Premium (1.2 % a day for 90 days, capital kept): 1,080.00 paid back in all. */
const premiumInvoice: InvestmentInvoice = {
  id: "i1",
  reference: "INV-7F3K9Q2M",
  package: { id: "p3", slug: "premium", name: "Premium" },
  amountMicrocents: fromCents(100_000),
  dailyRateBps: 120,
  durationPeriods: 90,
  periodSeconds: 86_400,
  capitalReturn: false,
  status: "active",
  periodsPaid: 0,
  profitPaidMicrocents: 0n,
  totalProfitMicrocents: fromCents(108_000),
  nextAccrualAt: null,
  maturesAt: "2026-03-01T00:00:00.000Z",
  maturedAt: null,
  startedAt: "2025-12-01T00:00:00.000Z",
  schedule: [],
  capitalReturnMicrocents: 0n,
  transactionId: null,
};
const growthInvoice: InvestmentInvoice = {
  ...premiumInvoice,
  package: { id: "p2", slug: "growth", name: "Growth" },
  capitalReturn: true,
  totalProfitMicrocents: fromCents(37_500),
  capitalReturnMicrocents: fromCents(100_000),
};

function renderInvoice(invoice: InvestmentInvoice) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) =>
      url.startsWith("/api/investments/i1") ? json(invoice) : new Response("{}", { status: 404 }),
    ),
  );
  renderWithApp(
    <Routes>
      <Route path="/invoice/:slug" element={<InvoicePage />} />
    </Routes>,
    { path: "/invoice/i1" },
  );
}

/** The value next to the term `label` on the invoice. */
async function term(label: string): Promise<string> {
  const dt = await screen.findByText(label);
  return dt.nextElementSibling?.textContent ?? "";
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("InvoicePage", () => {
  it("names the capital inside the profit when the package keeps it, and the real gain", async () => {
    renderInvoice(premiumInvoice);
    expect(await term("Total profit (capital included)")).toBe("1,080.00 USD");
    expect(await term("Capital return")).toBe("Not returned");
    expect(await term("Gain over your amount")).toBe("+80.00 USD");
  });

  it("shows the profit on top of a returned capital", async () => {
    renderInvoice(growthInvoice);
    expect(await term("Total profit")).toBe("375.00 USD");
    expect(await term("Capital return")).toBe("1,000.00 USD");
    expect(await term("Gain over your amount")).toBe("+375.00 USD");
  });
});
