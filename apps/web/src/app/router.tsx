import { pairOf } from "@helio/shared/pairs";
import { API } from "@helio/shared/paths";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { ComponentType } from "react";
import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { LoginPage } from "../features/auth/LoginPage.tsx";
import { startEarlyFetch } from "../lib/early-fetch.ts";
import { paths, routePatterns } from "../lib/paths.ts";
import { loadSharedSchemas } from "../lib/schemas.ts";
import { lazyInTheme, loadMuiTheme } from "./lazy-in-theme.tsx";
import { RedirectIfSignedIn } from "./RedirectIfSignedIn.tsx";
import { Root } from "./Root.tsx";
import { RouteError } from "./RouteError.tsx";

/**
 * A lazily loaded screen drawn with MUI: `page(() => import("…"), "ExportName")`. Each import is its
 * own chunk; MUI's theme loads beside it and wraps it (`ThemeScope`, decision 0017).
 */
function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return async () => {
    const [module, { ThemeScope }] = await Promise.all([load(), loadMuiTheme()]);
    const Screen = module[name] as ComponentType;
    return {
      element: (
        <ThemeScope>
          <Screen />
        </ThemeScope>
      ),
    };
  };
}

/**
 * A lazily loaded part drawn without MUI (the frame, the guard, the shell, the dashboard): no theme
 * comes with it (decision 0017).
 */
function plainPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return async () => {
    const module = await load();
    return { Component: module[name] as ComponentType };
  };
}

/**
 * A screen at `path` (the list, or the choice) and, below it, the screen of one of its items, under
 * one title; both pages come from the same chunk.
 */
function listAndRecord<M extends Record<string, unknown>>(
  path: string,
  title: MessageDescriptor,
  load: () => Promise<M>,
  index: keyof M & string,
  record: {
    path: string;
    page: keyof M & string;
    subject?: (params: Record<string, string | undefined>) => string | null;
  },
): RouteObject {
  return {
    path,
    handle: { title },
    children: [
      { index: true, lazy: page(load, index) },
      { path: record.path, handle: { subject: record.subject }, lazy: page(load, record.page) },
    ],
  };
}

/** While the first screen's chunk arrives: plain, as MUI may be in that chunk (app/plain.css). */
function FullPageLoader() {
  const { t } = useLingui();
  return <div className="plain-loader" role="status" aria-label={t`Loading`} />;
}

const auth = () => import("../features/auth/pages.ts");
const profile = () => import("../features/profile/pages.ts");
const investment = () => import("../features/investment/pages.tsx");
const funds = () => import("../features/funds/pages.tsx");
const wallet = () => import("../features/wallet/pages.tsx");
const statement = () => import("../features/statement/pages.ts");
const trade = () => import("../features/trade/pages.tsx");
const admin = () => import("../features/admin/pages.ts");
const chat = () => import("../features/chat/pages.ts");
const legal = () => import("../features/legal/pages.ts");

/**
 * The first page of most visits, for visitors only: drawn without MUI, outside the app frame, and
 * part of the entry rather than a lazy chunk, so that it paints one round trip sooner (decision
 * 0013). A signed-in member who opens it goes on to the dashboard.
 */
const signInRoute: RouteObject = {
  Component: RedirectIfSignedIn,
  children: [{ path: paths.login, handle: { title: msg`Sign in` }, Component: LoginPage }],
};

const TermsDialog = lazyInTheme(() => import("../features/legal/TermsDialog.tsx").then((m) => m.TermsDialog));

/**
 * The member frame with the reality check: loaded together, the check by its own module rather than
 * through the protection feature's public entry, which also holds MUI parts of other screens (the
 * frame and the dashboard load no MUI, decision 0017). The changed-terms dialog is given to it too,
 * loaded only when a member has terms to accept.
 */
async function shellWithRealityCheck() {
  const [{ Shell }, { RealityCheck }] = await Promise.all([
    import("../layouts/Shell.tsx"),
    import("../features/protection/RealityCheck.tsx"),
  ]);
  return { element: <Shell realityCheck={RealityCheck} termsDialog={TermsDialog} /> };
}

/** The other pages for visitors only. */
const visitorRoutes: RouteObject[] = [
  { path: paths.register, handle: { title: msg`Create your account` }, lazy: page(auth, "RegisterPage") },
  {
    path: routePatterns.registerWithReferral,
    handle: { title: msg`Create your account` },
    lazy: page(auth, "RegisterPage"),
  },
  { path: paths.forgotPassword, handle: { title: msg`Forgot password` }, lazy: page(auth, "ForgotPasswordPage") },
];

/** Public pages, in the Centered layout. Every path is absolute, from `lib/paths.ts`. */
const publicRoutes: RouteObject[] = [
  { Component: RedirectIfSignedIn, children: visitorRoutes },
  { path: paths.verifyEmail, handle: { title: msg`Check your email` }, lazy: page(auth, "VerifyEmailPage") },
  { path: paths.resetPassword, handle: { title: msg`Reset password` }, lazy: page(auth, "ResetPasswordPage") },
  { path: paths.twoFactorReset, handle: { title: msg`Reset two-factor` }, lazy: page(auth, "TwoFactorResetPage") },
  { path: routePatterns.loginAdmin, handle: { title: msg`Support sign-in` }, lazy: page(auth, "LoginAdminPage") },
  {
    path: routePatterns.confirmWithdrawalOne,
    handle: { title: msg`Confirm your withdrawal` },
    lazy: page(auth, "ConfirmWithdrawalPage"),
  },
  {
    path: routePatterns.freezeAccountOne,
    handle: { title: msg`Freeze your account` },
    lazy: page(auth, "FreezeAccountPage"),
  },
  { path: paths.accountBlocked, handle: { title: msg`Account blocked` }, lazy: page(auth, "AccountBlockedPage") },
  { path: paths.terms, handle: { title: msg`Terms and conditions` }, lazy: page(legal, "TermsPage") },
  { path: paths.privacy, handle: { title: msg`Privacy notice` }, lazy: page(legal, "PrivacyPage") },
  { path: paths.riskDisclosure, handle: { title: msg`Risk disclosure` }, lazy: page(legal, "RiskDisclosurePage") },
  { path: paths.fees, handle: { title: msg`Fee schedule` }, lazy: page(legal, "FeesPage") },
];

/** Signed-in pages, in the Shell (docs/product.md §6). */
const memberRoutes: RouteObject[] = [
  {
    index: true,
    handle: { title: msg`Dashboard` },
    lazy: plainPage(() => import("../features/dashboard/DashboardPage.tsx"), "DashboardPage"),
  },
  { path: paths.profile, handle: { title: msg`Profile` }, lazy: page(profile, "ProfilePage") },
  { path: paths.updateProfile, handle: { title: msg`Update profile` }, lazy: page(profile, "UpdateProfilePage") },
  { path: paths.changePassword, handle: { title: msg`Change password` }, lazy: page(profile, "ChangePasswordPage") },
  {
    path: paths.dataBank,
    handle: { title: msg`Bank` },
    lazy: page(() => import("../features/bank/pages.tsx"), "BankPage"),
  },
  {
    path: paths.security,
    handle: { title: msg`Security` },
    lazy: page(() => import("../features/security/SecurityPage.tsx"), "SecurityPage"),
  },
  {
    path: paths.limits,
    handle: { title: msg`Limits` },
    lazy: page(() => import("../features/protection/LimitsPage.tsx"), "LimitsPage"),
  },
  { path: paths.statement, handle: { title: msg`Statement` }, lazy: page(statement, "StatementPage") },
  { path: paths.profitTable, handle: { title: msg`Profit table` }, lazy: page(statement, "ProfitTablePage") },
  {
    path: paths.notifications,
    handle: { title: msg`Notifications` },
    lazy: page(() => import("../features/notifications/NotificationsPage.tsx"), "NotificationsPage"),
  },
  {
    path: paths.kycUser,
    handle: { title: msg`KYC` },
    lazy: page(() => import("../features/kyc/pages.tsx"), "KycPage"),
  },
  { path: paths.investment, handle: { title: msg`Investment` }, lazy: page(investment, "InvestmentPage") },
  listAndRecord(paths.addInvestment, msg`Add investment`, investment, "AddInvestmentIndexPage", {
    path: routePatterns.addInvestmentOne,
    page: "AddInvestmentPage",
  }),
  listAndRecord(paths.invoice, msg`Investment invoice`, investment, "InvoiceIndexPage", {
    path: routePatterns.invoiceOne,
    page: "InvoicePage",
  }),
  listAndRecord(paths.invoiceWd, msg`Withdrawal invoice`, wallet, "InvoiceWdIndexPage", {
    path: routePatterns.invoiceWdOne,
    page: "InvoiceWdPage",
  }),
  listAndRecord(paths.invoiceBalance, msg`Deposit invoice`, wallet, "InvoiceBalanceIndexPage", {
    path: routePatterns.invoiceBalanceOne,
    page: "InvoiceBalancePage",
  }),
  { path: paths.fundsBonus, handle: { title: msg`Funds Bonus` }, lazy: page(funds, "FundsBonusPage") },
  { path: paths.fundsProfit, handle: { title: msg`Funds Profit` }, lazy: page(funds, "FundsProfitPage") },
  { path: paths.withdrawalBonus, handle: { title: msg`Withdrawal Bonus` }, lazy: page(funds, "WithdrawalBonusPage") },
  {
    path: paths.withdrawalProfit,
    handle: { title: msg`Withdrawal Profit` },
    lazy: page(funds, "WithdrawalProfitPage"),
  },
  { path: paths.wallet, handle: { title: msg`Balance` }, lazy: page(wallet, "WalletPage") },
  { path: paths.addBalance, handle: { title: msg`Add Balance` }, lazy: page(wallet, "AddBalancePage") },
  { path: paths.withdrawal, handle: { title: msg`Withdrawal` }, lazy: page(wallet, "WithdrawalPage") },
  { path: paths.viewWithdrawal, handle: { title: msg`Withdrawals` }, lazy: page(wallet, "ViewWithdrawalPage") },
  listAndRecord(paths.trade, msg`Trade`, trade, "TradeIndexPage", {
    path: routePatterns.tradePair,
    page: "TradePairPage",
    // The pair in the tab's title: "BTC/USDT · Trade · Helio".
    subject: ({ sym }) => (sym && pairOf(sym) ? `${sym.toUpperCase()}/USDT` : null),
  }),
  { path: paths.onTrade, handle: { title: msg`On Trade` }, lazy: page(trade, "OnTradePage") },
  { path: paths.historyTrade, handle: { title: msg`History Trade` }, lazy: page(trade, "HistoryTradePage") },
  {
    path: paths.referrals,
    handle: { title: msg`Network` },
    lazy: page(() => import("../features/referrals/pages.tsx"), "ReferralsPage"),
  },
  { path: paths.referralsAlias, element: <Navigate to={paths.referrals} replace /> },
  {
    path: paths.admin,
    handle: { title: "Admin" },
    lazy: page(admin, "AdminLayout"),
    children: [
      { index: true, handle: { title: "Members" }, lazy: page(admin, "MembersPage") },
      { path: paths.adminDashboard, handle: { title: "Back office" }, lazy: page(admin, "AdminDashboardPage") },
      { path: paths.adminDeposits, handle: { title: "Deposits" }, lazy: page(admin, "DepositsQueuePage") },
      { path: paths.adminWithdrawals, handle: { title: "Withdrawals" }, lazy: page(admin, "WithdrawalsQueuePage") },
      { path: paths.adminAdjustments, handle: { title: "Adjustments" }, lazy: page(admin, "AdjustmentsPage") },
      { path: paths.adminKyc, handle: { title: "KYC review" }, lazy: page(admin, "KycQueuePage") },
      { path: paths.adminSettings, handle: { title: "Settings" }, lazy: page(admin, "SettingsPage") },
      { path: paths.adminTrading, handle: { title: "Trading" }, lazy: page(admin, "TradingPage") },
      { path: paths.adminPackages, handle: { title: "Packages" }, lazy: page(admin, "PackagesPage") },
      { path: paths.adminInvestments, handle: { title: "Investments" }, lazy: page(admin, "InvestmentsPage") },
      { path: paths.adminLedger, handle: { title: "Ledger verification" }, lazy: page(admin, "LedgerPage") },
      { path: routePatterns.adminMember, handle: { title: "Member" }, lazy: page(admin, "MemberDetailPage") },
      { path: paths.adminAudit, handle: { title: "Audit log" }, lazy: page(admin, "AuditPage") },
      { path: paths.adminStaff, handle: { title: "Staff" }, lazy: page(admin, "StaffPage") },
      { path: routePatterns.adminInboxChat, handle: { title: "Support inbox" }, lazy: page(chat, "InboxPage") },
      { path: "*", lazy: page(() => import("../components/NotFound.tsx"), "NotFound") },
    ],
  },
];

const MEMBER_ROUTE_ID = "member";

export const routes: RouteObject[] = [
  {
    id: "root",
    element: <Root />,
    HydrateFallback: FullPageLoader,
    errorElement: <RouteError />,
    children: [
      signInRoute,
      {
        // The data cache and the mode: every screen but sign-in. MUI's theme comes with each MUI screen.
        lazy: plainPage(() => import("./providers.tsx"), "AppFrame"),
        children: [
          {
            lazy: page(() => import("../layouts/Centered.tsx"), "Centered"),
            children: publicRoutes,
          },
          {
            // The guard (member record, live socket) is its own chunk: signed-out pages never load it.
            id: MEMBER_ROUTE_ID,
            lazy: plainPage(() => import("./RequireAuth.tsx"), "RequireAuth"),
            children: [
              {
                lazy: shellWithRealityCheck,
                errorElement: <RouteError />,
                children: memberRoutes,
              },
            ],
          },
          { path: "*", handle: { title: msg`Page not found` }, lazy: page(() => import("./CatchAll.tsx"), "CatchAll") },
        ],
      },
    ],
  },
];

/** Whether a location's route matches include the guard: a signed-in page. */
export function isMemberMatch(matches: readonly { route: { id?: string } }[] | null | undefined): boolean {
  return Boolean(matches?.some((match) => match.route.id === MEMBER_ROUTE_ID));
}

export function createRouter() {
  const router = createBrowserRouter(routes);
  // The guard's first question, asked now rather than once its chunk has arrived; the schemas that
  // check its answer (and the dashboard's) load beside it, out of the first load (decision 0017).
  // The router's own first match says whether this is a signed-in page: matching the route table
  // a second time cost the entry's evaluation 14 ms of main thread (56 under Lighthouse's 4×).
  if (isMemberMatch(router.state.matches)) {
    startEarlyFetch(API.me);
    loadSharedSchemas().catch(() => undefined);
  }
  return router;
}
