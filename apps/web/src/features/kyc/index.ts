/** What other features may use of KYC: the member's verification, read. */
export { kycQuery } from "./api.ts";
