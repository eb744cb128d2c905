/**
 * Trading responsibly: the limits members set on themselves. Trading and deposits call the
 * assertions inside the transaction that takes the stake or records the deposit request.
 */
export { protectionRoutes } from "./routes.ts";
export { assertDepositWithinLimits, assertStakeWithinLimits } from "./service.ts";
