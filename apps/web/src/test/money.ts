import { fromCents } from "@helio/shared/values";

/**
 * Whole US cents as the API's JSON and the live socket carry money: microcents as a string of
 * digits. `apiCents(1_000)` is "1000000000", 10.00 USD. For mocked answers; a value a component or
 * function takes is `fromCents(1_000)` (a bigint).
 */
export const apiCents = (cents: number): string => String(fromCents(cents));
