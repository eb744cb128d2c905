const enc = encodeURIComponent;

const tradePair = (symbol: string, name: string) => `/trade/${enc(symbol)}/${enc(name)}`;
const funds = { profit: "/funds-profit", bonus: "/funds-bonus" } as const;
const fundWithdrawals = { profit: "/withdrawal-profit", bonus: "/withdrawal-bonus" } as const;
type Fund = keyof typeof funds;

/**
 * Every page of the web app, so the router, links, redirects and browser tests cannot drift
 * apart (the API's are `API` in packages/shared/src/paths.ts). The strings are the seed's,
 * spelling included (docs/product.md §6). A page with a parameter is a function that encodes
 * it; the router's pattern for it is in `routePatterns` below, under the same key.
 */
export const paths = {
  // Public pages (Centered layout).
  login: "/login",
  register: "/register",
  /** `/register/:slug`: the slug pre-fills the referral code. */
  registerWithReferral: (slug: string) => `/register/${enc(slug)}`,
  verifyEmail: "/verify-email",
  /** `/verify-email?email=`: the address to resend to. */
  verifyEmailFor: (email: string) => `/verify-email?email=${enc(email)}`,
  forgotPassword: "/forgot-password",
  resetPassword: "/reset-password",
  twoFactorReset: "/two-factor-reset",
  /** `/login-admin/:username/:token`: an admin opens a member's account. */
  loginAdmin: (username: string, token: string) => `/login-admin/${enc(username)}/${enc(token)}`,
  accountBlocked: "/account-blocked",
  /** `/account-blocked?reason=`: where a blocked or banned member lands. */
  accountBlockedFor: (reason: "blocked" | "banned") => `/account-blocked?reason=${reason}`,
  /** `/confirm-withdrawal/:id/:token`: the mail's link that confirms one withdrawal. */
  confirmWithdrawalOne: (id: string, token: string) => `/confirm-withdrawal/${enc(id)}/${enc(token)}`,
  /** `/freeze-account/:token`: a security mail's "it was not me" link. */
  freezeAccountOne: (token: string) => `/freeze-account/${enc(token)}`,
  // What a regulated platform shows before anyone trades: public, signed in or not.
  terms: "/terms",
  privacy: "/privacy",
  riskDisclosure: "/risk-disclosure",
  fees: "/fees",

  // Member pages (Shell).
  dashboard: "/",
  profile: "/profile",
  updateProfile: "/update-profile",
  changePassword: "/change-password",
  dataBank: "/data-bank",
  security: "/security",
  /** The limits the member sets on themselves (from /profile and /security). */
  limits: "/limits",
  /** One account's movements with a running balance (from /wallet and /profile). */
  statement: "/statement",
  /** Every settled contract of one mode, with totals (from /statement and /wallet). */
  profitTable: "/profit-table",
  /** Every notification of the member (the top bar's bell shows the latest). */
  notifications: "/notifications",
  kycUser: "/kyc-user",
  investment: "/investment",
  addInvestment: "/add-investment",
  addInvestmentOne: (slug: string) => `/add-investment/${enc(slug)}`,
  /** Investment invoices. */
  invoice: "/invoice",
  invoiceOne: (id: string) => `/invoice/${enc(id)}`,
  /** Withdrawal invoices. */
  invoiceWd: "/invoice-wd",
  invoiceWdOne: (id: string) => `/invoice-wd/${enc(id)}`,
  /** Deposit invoices. */
  invoiceBalance: "/invoice-balance",
  invoiceBalanceOne: (id: string) => `/invoice-balance/${enc(id)}`,
  fundsBonus: funds.bonus,
  fundsProfit: funds.profit,
  /** `fundsProfit` or `fundsBonus`. */
  fundsOf: (fund: Fund) => funds[fund],
  withdrawalBonus: fundWithdrawals.bonus,
  withdrawalProfit: fundWithdrawals.profit,
  /** `withdrawalProfit` or `withdrawalBonus`. */
  withdrawalOf: (fund: Fund) => fundWithdrawals[fund],
  wallet: "/wallet",
  addBalance: "/add-balance",
  withdrawal: "/withdrawal",
  viewWithdrawal: "/view-withdrawal",
  /** Redirects to `tradeFirstPair`. */
  trade: "/trade",
  tradePair,
  /** The menu's Trade entry. */
  tradeFirstPair: tradePair("BTC", "bitcoin"),
  onTrade: "/on-trade",
  historyTrade: "/history-trade",
  /** The seed's spelling (menu label Network). */
  referrals: "/refferals",
  /** The correct spelling, redirecting to `referrals`. */
  referralsAlias: "/referrals",

  // Back office (Shell, admins only).
  /** The members list. */
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
  adminMember: (uid: string) => `/admin/members/${enc(uid)}`,
  adminAudit: "/admin/audit",
  adminStaff: "/admin/staff",
  adminInbox: "/admin/inbox",
  adminInboxChat: (chatId: string) => `/admin/inbox/${enc(chatId)}`,
} as const;

/**
 * The router's patterns of the pages with a parameter, under the key of the `paths` entry
 * (function) that builds them (`lib/paths.test.ts` checks each pair agrees).
 */
export const routePatterns = {
  registerWithReferral: "/register/:slug",
  loginAdmin: "/login-admin/:username/:token",
  confirmWithdrawalOne: "/confirm-withdrawal/:id/:token",
  freezeAccountOne: "/freeze-account/:token",
  addInvestmentOne: "/add-investment/:slug",
  invoiceOne: "/invoice/:slug",
  invoiceWdOne: "/invoice-wd/:slug",
  invoiceBalanceOne: "/invoice-balance/:slug",
  tradePair: "/trade/:sym/:name",
  adminMember: "/admin/members/:uid",
  /** The inbox, with or without a chat open (`adminInbox`, `adminInboxChat`). */
  adminInboxChat: "/admin/inbox/:chatId?",
} as const satisfies Partial<Record<keyof typeof paths, string>>;
