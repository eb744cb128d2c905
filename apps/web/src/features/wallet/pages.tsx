/** The wallet screens, loaded lazily by the router. */
export { AddBalancePage } from "./AddBalancePage.tsx";
export { InvoiceBalancePage } from "./DepositInvoicePage.tsx";
export { InvoiceBalanceIndexPage } from "./DepositListPage.tsx";
export { WalletPage } from "./WalletPage.tsx";
export { InvoiceWdPage } from "./WithdrawalInvoicePage.tsx";
export { InvoiceWdIndexPage, ViewWithdrawalPage } from "./WithdrawalListPage.tsx";
export { WithdrawalPage } from "./WithdrawalPage.tsx";
