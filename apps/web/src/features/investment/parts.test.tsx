import { fromCents, type InvestmentPackage, jsonText } from "@helio/shared";
import { screen, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithApp, sampleMember } from "../../test/render.tsx";
import { AddInvestmentPage } from "./AddInvestmentPage.tsx";
import { PackageCard } from "./parts.tsx";

/** An API answer: amounts (bigint) as strings of digits in microcents, as the server sends them. */
const json = (body: unknown) =>
  new Response(jsonText(body), { status: 200, headers: { "Content-Type": "application/json" } });

/** The seed's Growth and Premium (migration 0010), with their limits of 100.00 to 1,000.00 USD. */
const growth: InvestmentPackage = {
  id: "p2",
  slug: "growth",
  name: "Growth",
  description: "",
  minMicrocents: fromCents(10_000),
  maxMicrocents: fromCents(100_000),
  dailyRateBps: 125,
  durationPeriods: 30,
  capitalReturn: true,
  sortOrder: 2,
  active: true,
  periodSeconds: 86_400,
};
const premium: InvestmentPackage = {
  ...growth,
  id: "p3",
  slug: "premium",
  name: "Premium",
  dailyRateBps: 120,
  durationPeriods: 90,
  capitalReturn: false,
};
const idrMember = { ...sampleMember, currency: "IDR" as const };

beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      if (url.startsWith("/api/settings"))
        return json({
          menuContact: true,
          depositMinMicrocents: fromCents(1000),
          rates: [{ name: "IDR", value: 16_250, decimal: "16250" }],
        });
      if (url.startsWith("/api/packages/premium")) return json(premium);
      if (url.startsWith("/api/wallet"))
        return json({ wallet: 0n, demo: 0n, profit: 0n, bonus: 0n, withdrawal_hold: 0n });
      return new Response("{}", { status: 404 });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The value of the term labelled `label` in the card or section. */
function term(scope: HTMLElement, label: string): string {
  return within(scope).getByText(label, { selector: "dt" }).nextElementSibling?.textContent ?? "";
}

describe("PackageCard", () => {
  it("names the amount's limits as the amount field's hint does: both currencies for an IDR member", async () => {
    renderWithApp(<PackageCard pkg={growth} />, { member: idrMember });
    const card = screen.getByRole("article", { name: "Growth" });
    await within(card).findByText(/IDR/);
    expect(term(card, "Amount")).toBe("From 100.00 USD (1,625,000.00 IDR) to 1,000.00 USD (16,250,000.00 IDR)");
  });

  it("names them in USD alone for a USD member", () => {
    renderWithApp(<PackageCard pkg={growth} />);
    expect(term(screen.getByRole("article", { name: "Growth" }), "Amount")).toBe("From 100.00 USD to 1,000.00 USD");
  });

  it("gives a package that returns the capital its profit on top of it", () => {
    renderWithApp(<PackageCard pkg={growth} />);
    const card = screen.getByRole("article", { name: "Growth" });
    expect(term(card, "Total profit")).toBe("37.5 % of the amount, on top of the capital: 137.5 % paid back in all");
    expect(term(card, "Capital")).toBe("Returned at maturity");
  });

  it("gives a package whose profit includes the capital what it pays back in all and the real gain", () => {
    renderWithApp(<PackageCard pkg={premium} />);
    const card = screen.getByRole("article", { name: "Premium" });
    // 1.20 % a day for 90 days: 10,000 in, 10,800 back in all, 800 more than put in.
    expect(term(card, "Total paid back")).toBe("108 % of the amount (capital included): a gain of 8 %");
    expect(term(card, "Capital")).toBe("Not returned (included in profit)");
    expect(within(card).queryByText(/108 % profit/)).toBeNull();
  });
});

describe("AddInvestmentPage", () => {
  it("shows an IDR member the Terms' limits in both currencies, as the amount's hint, and the honest return", async () => {
    renderWithApp(
      <Routes>
        <Route path="/add-investment/:slug" element={<AddInvestmentPage />} />
      </Routes>,
      { member: idrMember, path: "/add-investment/premium" },
    );
    const range = "From 100.00 USD (1,625,000.00 IDR) to 1,000.00 USD (16,250,000.00 IDR)";
    expect(await screen.findByText(`${range}.`)).toBeTruthy(); // the amount field's hint
    const terms = screen.getByRole("region", { name: "Terms" });
    expect(term(terms, "Amount")).toBe(range);
    expect(term(terms, "Total paid back")).toBe("108 % of the amount (capital included): a gain of 8 %");
  });
});
