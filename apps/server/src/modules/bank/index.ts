/** The bank account withdrawals are paid to: read by withdrawals and the back office; the password check others confirm with. */
export { bankRoutes } from "./routes.ts";
export { bankAccountOf, getBankAccount, toAdminBankAccount, verifyPassword } from "./service.ts";
