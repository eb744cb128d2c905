/** The wallet screens, loaded lazily by the router. */
export { AddBalancePage } from "./AddBalancePage.tsx";
export { InvoiceBalanceIndexPage, InvoiceBalancePage } from "./DepositInvoicePages.tsx";
export { WalletPage } from "./WalletPage.tsx";
export { InvoiceWdIndexPage, InvoiceWdPage, ViewWithdrawalPage } from "./WithdrawalInvoicePages.tsx";
export { WithdrawalPage } from "./WithdrawalPage.tsx";
