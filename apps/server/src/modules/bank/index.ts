/** The bank account withdrawals are paid to: read by withdrawals and the back office; the password check others confirm with. */
export { namesMatch } from "./names.ts";
export { bankRoutes } from "./routes.ts";
export {
  adminBankAccountOf,
  bankAccountOf,
  getBankAccount,
  holdUntilOf,
  verifyPassword,
} from "./service.ts";
