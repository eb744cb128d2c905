/** What other features may use of the bank account: how it reads as details. */
export { bankDetails } from "./model.ts";
