import { type AdminDashboard, fromCents, jsonText, MEMBER_ACCOUNTS, SYSTEM_ACCOUNTS } from "@helio/shared";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApp } from "../../test/render.tsx";
import { AdminDashboardPage } from "./AdminDashboardPage.tsx";

/** The answer as the server sends it: amounts (bigint microcents) as strings of digits. */
const json = (body: unknown) =>
  new Response(jsonText(body), { status: 200, headers: { "Content-Type": "application/json" } });

/** Balances by account, given in cents. */
const accounts = <A extends string>(names: readonly A[], cents: Partial<Record<A, number>>) =>
  Object.fromEntries(names.map((a) => [a, fromCents(cents[a] ?? 0)])) as Record<A, bigint>;
const countSum = { count: 0, sumMicrocents: 0n };

/** The QA walkthrough: two members with 9,970 and 10,000 of demo money, and the admin's own 10,000 grant. */
const dashboard = (adminMoney: Partial<Record<(typeof MEMBER_ACCOUNTS)[number], number>>): AdminDashboard => ({
  members: { total: 2, blocked: 0, banned: 0 },
  pending: { deposits: 0, depositsAwaitingPayment: 0, withdrawals: 0, kyc: 0 },
  memberMoney: accounts(MEMBER_ACCOUNTS, { demo: 2_005_650 }),
  adminMoney: accounts(MEMBER_ACCOUNTS, adminMoney),
  systemAccounts: accounts(SYSTEM_ACCOUNTS, { demo_issuer: -2_997_000, trading_house: -8_650 }),
  // Real: −523 (the house behind); Practice: −8,127, apart.
  tradingHouse: { realMicrocents: fromCents(-523), practiceMicrocents: fromCents(-8_127) },
  today: {
    depositsRequested: countSum,
    depositsApproved: countSum,
    withdrawalsRequested: countSum,
    withdrawalsApproved: countSum,
  },
  investments: {
    activeCount: 0,
    investedCapitalMicrocents: 0n,
    profitPaidMicrocents: 0n,
    commissionsPaidMicrocents: 0n,
    maturingNext7Days: 0,
    capitalDueNext7DaysMicrocents: 0n,
  },
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("AdminDashboardPage", () => {
  it("counts the members' money, and names the admins' own money apart", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) =>
        url.startsWith("/api/admin/dashboard") ? json(dashboard({ demo: 1_000_000 })) : json({}),
      ),
    );
    renderWithApp(<AdminDashboardPage />);
    const money = await screen.findByRole("region", { name: "Member money" });
    const demo = within(money).getByText("Demo", { selector: "dt" }).parentElement as HTMLElement;
    expect(within(demo).getByText("20,056.50 USD")).toBeTruthy();
    expect(money.textContent).toContain(
      "Admins are not members: their own accounts are not counted above. They hold Demo 10,000.00 USD.",
    );
    const platform = screen.getByRole("region", { name: "Platform accounts" });
    expect(within(platform).getByText("-29,970.00 USD")).toBeTruthy();
  });

  it("counts Real money only in the trading house's result, Practice apart and labelled", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => (url.startsWith("/api/admin/dashboard") ? json(dashboard({})) : json({}))),
    );
    renderWithApp(<AdminDashboardPage />);
    const platform = await screen.findByRole("region", { name: "Platform accounts" });
    const stat = (label: string) =>
      (within(platform).getByText(label, { selector: "a, dt" }).closest("div") as HTMLElement).textContent;
    expect(stat("Trading house · Real")).toContain("-5.23 USD");
    expect(stat("Trading house · Real")).not.toContain("-86.50 USD");
    expect(stat("Trading house · Practice")).toContain("-81.27 USD");
    expect(stat("Trading house · Practice")).toContain("not part of the house result");
  });

  it("says only the rule when the admins hold nothing", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => (url.startsWith("/api/admin/dashboard") ? json(dashboard({})) : json({}))),
    );
    renderWithApp(<AdminDashboardPage />);
    const money = await screen.findByRole("region", { name: "Member money" });
    expect(money.textContent).toContain("Admins are not members: their own accounts are not counted above.");
    expect(money.textContent).not.toContain("They hold");
  });
});
