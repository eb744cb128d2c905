/**
 * Trading responsibly: the limits members set on themselves, timeouts and self-exclusions.
 * Trading, deposits and investments call the assertions inside the transaction that takes the
 * stake, records the deposit request or buys the package.
 */
export { assertNotOnBreak } from "./breaks.ts";
export { protectionRoutes } from "./routes.ts";
export { assertDepositWithinLimits, assertStakeWithinLimits } from "./service.ts";
