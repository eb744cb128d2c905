/** The bank account withdrawals are paid to: read by withdrawals and the back office. */
export { namesMatch } from "./names.ts";
export { bankRoutes } from "./routes.ts";
export { adminBankAccountOf, bankAccountOf, getBankAccount, holdUntilOf } from "./service.ts";
