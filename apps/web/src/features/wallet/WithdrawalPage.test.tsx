import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiCents } from "../../test/money.ts";
import { renderWithApp, sampleMember } from "../../test/render.tsx";
import { WithdrawalPage } from "./WithdrawalPage.tsx";

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });

const requirements = {
  minMicrocents: apiCents(1_000),
  maxMicrocents: apiCents(1_000_000),
  feeBps: 150,
  feeFlatMicrocents: apiCents(50),
  walletMicrocents: apiCents(50_000),
  kycStatus: "approved",
  bank: {
    bankName: "Bank Mandiri",
    accountHolder: "Jane Doe",
    accountNumberMasked: "****5678",
    swift: null,
    branch: null,
    updatedAt: "2026-01-01T00:00:00.000Z",
    holdUntil: null as string | null,
    nameMatchesKyc: true as boolean | null,
  },
  twoFactorRequired: true,
  holdUntil: null as string | null,
  frozen: false,
};

/** Every POST body is kept (these tests look only at what is sent, not at the answer). */
function stubApi(overrides: Partial<typeof requirements> = {}) {
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
      if (url.startsWith("/api/withdrawals/requirements")) return json({ ...requirements, ...overrides });
      if (url.startsWith("/api/withdrawals") && init?.method === "POST") {
        bodies.push(JSON.parse(String(init.body)));
        return json({});
      }
      if (url.startsWith("/api/wallet"))
        return json({
          wallet: apiCents(50_000),
          demo: apiCents(0),
          profit: apiCents(0),
          bonus: apiCents(0),
          withdrawal_hold: apiCents(0),
        });
      return new Response("{}", { status: 404 });
    }),
  );
  return bodies;
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

  it("takes an IDR member's amount in IDR: limits, fee and net in both currencies, sent with the rate", async () => {
    const bodies = stubApi({ feeBps: 100, feeFlatMicrocents: apiCents(0) });
    renderWithApp(<WithdrawalPage />, { member: { ...sampleMember, currency: "IDR" } });
    const amount = await screen.findByLabelText("Amount (IDR)");
    expect(
      await screen.findByText("From 10.00 USD (162,500.00 IDR) to 10,000.00 USD (162,500,000.00 IDR). Fee: 1%."),
    ).toBeTruthy();
    fireEvent.change(amount, { target: { value: "100000" } });
    fireEvent.blur(amount);
    expect(await screen.findByText("The minimum withdrawal is 10.00 USD (162,500.00 IDR)")).toBeTruthy();
    // 500,000 IDR is held as 30.76923077 USD: the summary shows it as typed (whole cents made it
    // 500,012.50 IDR), its 1% fee (0.30769231 USD) and the net to the hundredth, and nothing is rounded.
    fireEvent.change(amount, { target: { value: "500000" } });
    expect(await screen.findByText("That is 30.77 USD at 16,250 IDR per USD.")).toBeTruthy();
    expect(screen.queryByText(/^Rounded to/)).toBeNull();
    const typed = screen.getByLabelText("Withdrawal summary");
    expect(within(typed).getByText("500,000.00 IDR (30.77 USD)")).toBeTruthy();
    expect(within(typed).getByText("5,000.00 IDR (0.31 USD)")).toBeTruthy();
    expect(within(typed).getByText("495,000.00 IDR (30.46 USD)")).toBeTruthy();
    fireEvent.change(amount, { target: { value: "1625000" } });
    expect(await screen.findByText("That is 100.00 USD at 16,250 IDR per USD.")).toBeTruthy();
    const summary = screen.getByLabelText("Withdrawal summary");
    expect(within(summary).getByText("1,625,000.00 IDR (100.00 USD)")).toBeTruthy();
    expect(within(summary).getByText("16,250.00 IDR (1.00 USD)")).toBeTruthy();
    expect(within(summary).getByText("1,608,750.00 IDR (99.00 USD)")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Authentication code"), { target: { value: "123456" } });
    fireEvent.click(screen.getByRole("button", { name: "Request withdrawal" }));
    await waitFor(() =>
      expect(bodies).toEqual([{ local: { amount: "1625000", currency: "IDR", rate: "16250" }, totpCode: "123456" }]),
    );
  });

  it("shows the missing requirements with links, and the request stays disabled", async () => {
    stubApi({ kycStatus: "not_submitted", bank: null as never, twoFactorRequired: false });
    renderWithApp(<WithdrawalPage />);
    expect((await screen.findByRole("link", { name: "Verify your identity" })).getAttribute("href")).toBe("/kyc-user");
    expect(screen.getByRole("link", { name: "Add your bank account" }).getAttribute("href")).toBe("/data-bank");
    expect((screen.getByRole("button", { name: "Request withdrawal" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByLabelText("Authentication code")).toBeNull();
  });

  it("keeps the request disabled, and says until when, while withdrawals wait after a bank change or are frozen", async () => {
    stubApi({ holdUntil: "2026-03-02T10:00:00.000Z" });
    const first = renderWithApp(<WithdrawalPage />);
    expect(await screen.findByText("Your bank account was changed recently")).toBeTruthy();
    expect(screen.getByText(/withdrawals are paused until/)).toBeTruthy();
    expect((screen.getByRole("button", { name: "Request withdrawal" }) as HTMLButtonElement).disabled).toBe(true);
    first.unmount();
    stubApi({ frozen: true });
    renderWithApp(<WithdrawalPage />);
    expect(await screen.findByText("Your account is frozen")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Request withdrawal" }) as HTMLButtonElement).disabled).toBe(true);
  });
});
