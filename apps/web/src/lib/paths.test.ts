import { matchPath } from "react-router";
import { describe, expect, it } from "vitest";
import { paths, routePatterns } from "./paths.ts";

describe("paths", () => {
  it("builds each page with a parameter so its router pattern reads the parameter back", () => {
    const odd = "a b/é?#%";
    const cases: [keyof typeof routePatterns, string, Record<string, string>][] = [
      ["registerWithReferral", paths.registerWithReferral(odd), { slug: odd }],
      ["loginAdmin", paths.loginAdmin(odd, "t/1"), { username: odd, token: "t/1" }],
      ["confirmWithdrawalOne", paths.confirmWithdrawalOne(odd, "t/1"), { id: odd, token: "t/1" }],
      ["freezeAccountOne", paths.freezeAccountOne(odd), { token: odd }],
      ["addInvestmentOne", paths.addInvestmentOne(odd), { slug: odd }],
      ["invoiceOne", paths.invoiceOne(odd), { slug: odd }],
      ["invoiceWdOne", paths.invoiceWdOne(odd), { slug: odd }],
      ["invoiceBalanceOne", paths.invoiceBalanceOne(odd), { slug: odd }],
      ["tradePair", paths.tradePair("BTC", odd), { sym: "BTC", name: odd }],
      ["adminMember", paths.adminMember(odd), { uid: odd }],
      ["adminInboxChat", paths.adminInboxChat(odd), { chatId: odd }],
    ];
    expect(cases.map(([key]) => key).sort()).toEqual(Object.keys(routePatterns).sort());
    for (const [key, path, params] of cases) {
      const read = Object.entries(matchPath(routePatterns[key], path)?.params ?? {});
      expect(Object.fromEntries(read.map(([k, v]) => [k, v && decodeURIComponent(v)])), key).toEqual(params);
    }
    expect(matchPath(routePatterns.adminInboxChat, paths.adminInbox)?.params).toEqual({ chatId: undefined });
  });

  it("keeps the seed's strings (docs/product.md §6), spelling included", () => {
    const pages = Object.fromEntries(Object.entries(paths).filter(([, value]) => typeof value === "string"));
    expect(pages).toEqual({
      login: "/login",
      register: "/register",
      verifyEmail: "/verify-email",
      forgotPassword: "/forgot-password",
      resetPassword: "/reset-password",
      twoFactorReset: "/two-factor-reset",
      accountBlocked: "/account-blocked",
      terms: "/terms",
      privacy: "/privacy",
      riskDisclosure: "/risk-disclosure",
      fees: "/fees",
      dashboard: "/",
      profile: "/profile",
      updateProfile: "/update-profile",
      changePassword: "/change-password",
      dataBank: "/data-bank",
      security: "/security",
      limits: "/limits",
      statement: "/statement",
      profitTable: "/profit-table",
      notifications: "/notifications",
      kycUser: "/kyc-user",
      investment: "/investment",
      addInvestment: "/add-investment",
      invoice: "/invoice",
      invoiceWd: "/invoice-wd",
      invoiceBalance: "/invoice-balance",
      fundsBonus: "/funds-bonus",
      fundsProfit: "/funds-profit",
      withdrawalBonus: "/withdrawal-bonus",
      withdrawalProfit: "/withdrawal-profit",
      wallet: "/wallet",
      addBalance: "/add-balance",
      withdrawal: "/withdrawal",
      viewWithdrawal: "/view-withdrawal",
      trade: "/trade",
      tradeFirstPair: "/trade/BTC/bitcoin",
      onTrade: "/on-trade",
      historyTrade: "/history-trade",
      referrals: "/refferals",
      referralsAlias: "/referrals",
      admin: "/admin",
      adminDashboard: "/admin/dashboard",
      adminDeposits: "/admin/deposits",
      adminWithdrawals: "/admin/withdrawals",
      adminAdjustments: "/admin/adjustments",
      adminKyc: "/admin/kyc",
      adminSettings: "/admin/settings",
      adminTrading: "/admin/trading",
      adminPackages: "/admin/packages",
      adminInvestments: "/admin/investments",
      adminLedger: "/admin/ledger",
      adminAudit: "/admin/audit",
      adminStaff: "/admin/staff",
      adminInbox: "/admin/inbox",
    });
    expect(paths.fundsOf("profit")).toBe("/funds-profit");
    expect(paths.withdrawalOf("bonus")).toBe("/withdrawal-bonus");
    expect(paths.invoiceBalanceOne("abc")).toBe("/invoice-balance/abc");
    expect(paths.tradePair("BTC", "bitcoin")).toBe("/trade/BTC/bitcoin");
    expect(paths.verifyEmailFor("a@b.co")).toBe("/verify-email?email=a%40b.co");
    expect(paths.accountBlockedFor("banned")).toBe("/account-blocked?reason=banned");
  });
});
