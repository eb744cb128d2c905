import { API, fromCents, jsonText, type LegalDocuments } from "@helio/shared";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { paths } from "../../lib/paths.ts";
import { renderWithApp } from "../../test/render.tsx";
import { FeesPage, TermsPage } from "./LegalPage.tsx";

const documents: LegalDocuments = {
  texts: {
    terms: "First paragraph.\n\nSecond paragraph.",
    privacy: "Our privacy notice.",
    risk: "You can lose.",
    fees: "The fees below come from the settings.",
  },
  termsVersion: 3,
  fees: {
    depositMinMicrocents: fromCents(1_000),
    withdrawalMinMicrocents: fromCents(1_000),
    withdrawalMaxMicrocents: fromCents(1_000_000),
    withdrawalFeeBps: 150,
    withdrawalFeeFlatMicrocents: fromCents(200),
    tradeMinMicrocents: fromCents(100),
    tradeMaxMicrocents: fromCents(1_000_000),
    tradePayoutPercentDefault: 85,
    tradePayoutPercent: { ETH: 80 },
    fundTransferMinMicrocents: fromCents(1_000),
  },
};

const serve = () => {
  const fetchSpy = vi.fn(
    // Amounts as the server sends them: strings of digits in microcents.
    async () => new Response(jsonText(documents), { headers: { "Content-Type": "application/json" } }),
  );
  vi.stubGlobal("fetch", fetchSpy);
  return fetchSpy;
};

describe("legal pages", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the operator's terms, a paragraph per blank line, with their version, signed out", async () => {
    const fetchSpy = serve();
    renderWithApp(<TermsPage />, { path: paths.terms, member: null });
    expect(screen.getByRole("heading", { level: 1, name: "Terms and conditions" })).toBeTruthy();
    expect(await screen.findByText("First paragraph.")).toBeTruthy();
    expect(screen.getByText("Second paragraph.")).toBeTruthy();
    expect(screen.getByText("Version 3")).toBeTruthy();
    expect(fetchSpy).toHaveBeenCalledWith(API.legal, expect.anything());
  });

  it("builds the fee schedule from the settings' figures", async () => {
    serve();
    renderWithApp(<FeesPage />, { path: paths.fees, member: null });
    const table = await screen.findByRole("table", { name: "Fee schedule" });
    const row = (label: string) => within(table).getByRole("rowheader", { name: label }).closest("tr") as HTMLElement;
    expect(within(row("Withdrawal fee")).getByText("1.5 % of the amount + 2.00 USD")).toBeTruthy();
    expect(within(row("Payout of a winning contract")).getByText("85 % of the stake, besides the stake")).toBeTruthy();
    expect(within(row("Payout on ETH/USDT")).getByText("80 % of the stake, besides the stake")).toBeTruthy();
    expect(within(row("Smallest deposit")).getByText("10.00 USD")).toBeTruthy();
    expect(screen.getByText("The fees below come from the settings.")).toBeTruthy();
  });
});
