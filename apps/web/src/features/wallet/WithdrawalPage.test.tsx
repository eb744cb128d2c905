import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApp } from "../../test/render.tsx";
import { WithdrawalPage } from "./WithdrawalPage.tsx";

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });

const requirements = {
  minCents: 1000,
  maxCents: 1_000_000,
  feeBps: 150,
  feeFlatCents: 50,
  walletCents: 50_000,
  kycStatus: "approved",
  bank: {
    bankName: "Bank Mandiri",
    accountHolder: "Jane Doe",
    accountNumberMasked: "****5678",
    swift: null,
    branch: null,
    updatedAt: "2026-01-01T00:00:00.000Z",
  },
  twoFactorRequired: true,
};

function stubApi(overrides: Partial<typeof requirements> = {}) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      if (url.startsWith("/api/withdrawals/requirements")) return json({ ...requirements, ...overrides });
      if (url.startsWith("/api/wallet"))
        return json({ wallet: 50_000, demo: 0, profit: 0, bonus: 0, withdrawal_hold: 0 });
      return new Response("{}", { status: 404 });
    }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("WithdrawalPage", () => {
  it("previews fee and net as the amount is typed, with the masked destination and a 2FA field", async () => {
    stubApi();
    renderWithApp(<WithdrawalPage />);
    const amount = await screen.findByLabelText("Amount (USD)");
    expect(screen.getAllByText(/\*\*\*\*5678/).length).toBeGreaterThan(0);
    expect(screen.getByLabelText("Authentication code")).toBeTruthy();
    fireEvent.change(amount, { target: { value: "100" } });
    const summary = screen.getByLabelText("Withdrawal summary");
    expect(within(summary).getByText("100.00 USD")).toBeTruthy();
    expect(within(summary).getByText("2.00 USD")).toBeTruthy(); // 1.5% + 0.50
    expect(within(summary).getByText("98.00 USD")).toBeTruthy();
    fireEvent.change(amount, { target: { value: "600" } });
    fireEvent.blur(amount);
    expect(await screen.findByText("More than your wallet balance")).toBeTruthy();
  });

  it("shows the missing requirements with links, and the request stays disabled", async () => {
    stubApi({ kycStatus: "not_submitted", bank: null as never, twoFactorRequired: false });
    renderWithApp(<WithdrawalPage />);
    expect((await screen.findByRole("link", { name: "Verify your identity" })).getAttribute("href")).toBe("/kyc-user");
    expect(screen.getByRole("link", { name: "Add your bank account" }).getAttribute("href")).toBe("/data-bank");
    expect((screen.getByRole("button", { name: "Request withdrawal" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByLabelText("Authentication code")).toBeNull();
  });
});
