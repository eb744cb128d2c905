export { AddInvestmentIndexPage, AddInvestmentPage } from "./AddInvestmentPage.tsx";
export { InvestmentPage } from "./InvestmentPage.tsx";
export { InvoiceIndexPage, InvoicePage } from "./InvoicePages.tsx";
