/** The bank account withdrawals are paid to: read by withdrawals and the back office. */
export { bankRoutes } from "./routes.ts";
export { bankAccountOf, getBankAccount, toAdminBankAccount } from "./service.ts";
