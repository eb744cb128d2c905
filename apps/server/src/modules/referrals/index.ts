/** The referral network: investments ask it which uplines earn a commission. */
export { referralRoutes } from "./routes.ts";
export { planCommissions } from "./service.ts";
