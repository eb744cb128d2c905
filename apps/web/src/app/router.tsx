import type { ComponentType } from "react";
import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { NotFound } from "../components/NotFound.tsx";
import { PageLoader } from "../components/PageLoader.tsx";
import { Root } from "./Root.tsx";
import { RouteError } from "./RouteError.tsx";

/** A lazily loaded screen: `page(() => import("…"), "ExportName")`. Each import is its own chunk. */
function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return async () => {
    const module = await load();
    return { Component: module[name] as ComponentType };
  };
}

function FullPageLoader() {
  return <PageLoader fullScreen />;
}

const auth = () => import("../features/auth/pages.ts");
const profile = () => import("../features/profile/pages.ts");
const investment = () => import("../features/investment/pages.tsx");
const funds = () => import("../features/funds/pages.tsx");
const wallet = () => import("../features/wallet/pages.tsx");
const trade = () => import("../features/trade/pages.tsx");
const admin = () => import("../features/admin/pages.ts");
const chat = () => import("../features/chat/pages.ts");

/** Public pages, in the Centered layout. */
const publicRoutes: RouteObject[] = [
  // The first page of most visits: its own chunk, without the other auth screens.
  {
    path: "login",
    handle: { title: "Sign in" },
    lazy: page(() => import("../features/auth/LoginPage.tsx"), "LoginPage"),
  },
  { path: "register", handle: { title: "Create your account" }, lazy: page(auth, "RegisterPage") },
  { path: "register/:slug", handle: { title: "Create your account" }, lazy: page(auth, "RegisterPage") },
  { path: "verify-email", handle: { title: "Check your email" }, lazy: page(auth, "VerifyEmailPage") },
  { path: "forgot-password", handle: { title: "Forgot password" }, lazy: page(auth, "ForgotPasswordPage") },
  { path: "reset-password", handle: { title: "Reset password" }, lazy: page(auth, "ResetPasswordPage") },
  { path: "login-admin/:username/:token", handle: { title: "Support sign-in" }, lazy: page(auth, "LoginAdminPage") },
  { path: "account-blocked", handle: { title: "Account blocked" }, lazy: page(auth, "AccountBlockedPage") },
];

/** Signed-in pages, in the Shell (docs/product.md §6). */
const memberRoutes: RouteObject[] = [
  {
    index: true,
    handle: { title: "Dashboard" },
    lazy: page(() => import("../features/dashboard/DashboardPage.tsx"), "DashboardPage"),
  },
  { path: "profile", handle: { title: "Profile" }, lazy: page(profile, "ProfilePage") },
  { path: "update-profile", handle: { title: "Update profile" }, lazy: page(profile, "UpdateProfilePage") },
  { path: "change-password", handle: { title: "Change password" }, lazy: page(profile, "ChangePasswordPage") },
  { path: "data-bank", handle: { title: "Bank" }, lazy: page(() => import("../features/bank/pages.tsx"), "BankPage") },
  {
    path: "security",
    handle: { title: "Security" },
    lazy: page(() => import("../features/security/SecurityPage.tsx"), "SecurityPage"),
  },
  { path: "kyc-user", handle: { title: "KYC" }, lazy: page(() => import("../features/kyc/pages.tsx"), "KycPage") },
  { path: "investment", handle: { title: "Investment" }, lazy: page(investment, "InvestmentPage") },
  {
    path: "add-investment",
    handle: { title: "Add investment" },
    children: [
      { index: true, lazy: page(investment, "AddInvestmentIndexPage") },
      { path: ":slug", lazy: page(investment, "AddInvestmentPage") },
    ],
  },
  {
    path: "invoice",
    handle: { title: "Investment invoice" },
    children: [
      { index: true, lazy: page(investment, "InvoiceIndexPage") },
      { path: ":slug", lazy: page(investment, "InvoicePage") },
    ],
  },
  {
    path: "invoice-wd",
    handle: { title: "Withdrawal invoice" },
    children: [
      { index: true, lazy: page(wallet, "InvoiceWdIndexPage") },
      { path: ":slug", lazy: page(wallet, "InvoiceWdPage") },
    ],
  },
  {
    path: "invoice-balance",
    handle: { title: "Deposit invoice" },
    children: [
      { index: true, lazy: page(wallet, "InvoiceBalanceIndexPage") },
      { path: ":slug", lazy: page(wallet, "InvoiceBalancePage") },
    ],
  },
  { path: "funds-bonus", handle: { title: "Funds Bonus" }, lazy: page(funds, "FundsBonusPage") },
  { path: "funds-profit", handle: { title: "Funds Profit" }, lazy: page(funds, "FundsProfitPage") },
  { path: "withdrawal-bonus", handle: { title: "Withdrawal Bonus" }, lazy: page(funds, "WithdrawalBonusPage") },
  { path: "withdrawal-profit", handle: { title: "Withdrawal Profit" }, lazy: page(funds, "WithdrawalProfitPage") },
  { path: "wallet", handle: { title: "Balance" }, lazy: page(wallet, "WalletPage") },
  { path: "add-balance", handle: { title: "Add Balance" }, lazy: page(wallet, "AddBalancePage") },
  { path: "withdrawal", handle: { title: "Withdrawal" }, lazy: page(wallet, "WithdrawalPage") },
  { path: "view-withdrawal", handle: { title: "Withdrawals" }, lazy: page(wallet, "ViewWithdrawalPage") },
  {
    path: "trade",
    handle: { title: "Trade" },
    children: [
      { index: true, lazy: page(trade, "TradeIndexPage") },
      { path: ":sym/:name", lazy: page(trade, "TradePairPage") },
    ],
  },
  { path: "on-trade", handle: { title: "On Trade" }, lazy: page(trade, "OnTradePage") },
  { path: "history-trade", handle: { title: "History Trade" }, lazy: page(trade, "HistoryTradePage") },
  {
    path: "refferals",
    handle: { title: "Network" },
    lazy: page(() => import("../features/referrals/pages.tsx"), "ReferralsPage"),
  },
  { path: "referrals", element: <Navigate to="/refferals" replace /> },
  {
    path: "admin",
    handle: { title: "Admin" },
    lazy: page(admin, "AdminLayout"),
    children: [
      { index: true, handle: { title: "Members" }, lazy: page(admin, "MembersPage") },
      { path: "dashboard", handle: { title: "Back office" }, lazy: page(admin, "AdminDashboardPage") },
      { path: "deposits", handle: { title: "Deposits" }, lazy: page(admin, "DepositsQueuePage") },
      { path: "withdrawals", handle: { title: "Withdrawals" }, lazy: page(admin, "WithdrawalsQueuePage") },
      { path: "kyc", handle: { title: "KYC review" }, lazy: page(admin, "KycQueuePage") },
      { path: "settings", handle: { title: "Settings" }, lazy: page(admin, "SettingsPage") },
      { path: "trading", handle: { title: "Trading" }, lazy: page(admin, "TradingPage") },
      { path: "packages", handle: { title: "Packages" }, lazy: page(admin, "PackagesPage") },
      { path: "investments", handle: { title: "Investments" }, lazy: page(admin, "InvestmentsPage") },
      { path: "ledger", handle: { title: "Ledger verification" }, lazy: page(admin, "LedgerPage") },
      { path: "members/:uid", handle: { title: "Member" }, lazy: page(admin, "MemberDetailPage") },
      { path: "audit", handle: { title: "Audit log" }, lazy: page(admin, "AuditPage") },
      { path: "inbox/:chatId?", handle: { title: "Support inbox" }, lazy: page(chat, "InboxPage") },
      { path: "*", element: <NotFound /> },
    ],
  },
];

export const routes: RouteObject[] = [
  {
    id: "root",
    element: <Root />,
    HydrateFallback: FullPageLoader,
    errorElement: <RouteError />,
    children: [
      {
        lazy: page(() => import("../layouts/Centered.tsx"), "Centered"),
        children: publicRoutes,
      },
      {
        // The guard (member record, auth client, live socket) is its own chunk: signed-out pages never load it.
        lazy: page(() => import("./RequireAuth.tsx"), "RequireAuth"),
        children: [
          {
            lazy: page(() => import("../layouts/Shell.tsx"), "Shell"),
            errorElement: <RouteError />,
            children: memberRoutes,
          },
        ],
      },
      { path: "*", handle: { title: "Page not found" }, lazy: page(() => import("./CatchAll.tsx"), "CatchAll") },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
