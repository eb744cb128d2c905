/** What other features may use of referrals: the link a member shares. */
export { referralLink } from "./model.ts";
