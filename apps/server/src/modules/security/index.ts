/** Sign-in history, and the freeze a member sets from a security mail ("it was not me"). */
export { FREEZE_LINK_TTL_MS, isFrozen, issueFreezeLink } from "./freeze.ts";
export { securityRoutes } from "./routes.ts";
