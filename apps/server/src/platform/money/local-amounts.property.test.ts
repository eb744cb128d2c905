import {
  CURRENCIES,
  type Currency,
  formatLocalHundredths,
  formatMoney,
  localHundredthsToDecimal,
  localToUsdMicrocents,
  MAX_AMOUNT_MICROCENTS,
  MICROCENTS_PER_CENT,
  mulDivHalfEven,
  typedAmountProblem,
  usdMicrocentsToLocalHundredths,
} from "@helio/shared";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

// The promise of docs/decisions/0020-money-in-microcents.md, over every currency, every rate from
// 0.1 to 1,000,000 per USD (8 decimals) and every amount from the smallest to the largest a field
// takes: what a member types is what every screen shows afterwards, and an amount derived from it
// (payout, fee, profit, commission) shows as the same computation done in the member's currency.

const RATE_SCALE = 100_000_000n;
/** Rates the settings hold today, then any rate from 0.1 to 1,000,000 with up to 8 decimals. */
const rateText = fc.oneof(
  fc.constantFrom("16250", "1390", "155", "0.376", "4.70", "1.35", "0.92", "0.1", "1000000", "999999.99999999"),
  fc.bigInt({ min: RATE_SCALE / 10n, max: 1_000_000n * RATE_SCALE }).map(rateOfScaled),
);

function rateOfScaled(scaled: bigint): string {
  const fraction = (scaled % RATE_SCALE).toString().padStart(8, "0").replace(/0+$/, "");
  return `${scaled / RATE_SCALE}${fraction ? `.${fraction}` : ""}`;
}
const scaledOf = (rate: string) => {
  const [whole = "0", fraction = ""] = rate.split(".");
  return BigInt(whole) * RATE_SCALE + BigInt(fraction.padEnd(8, "0"));
};

/** `hundredths` of a currency typed at `rate`, in microcents. */
function usdOf(hundredths: bigint, rate: string): bigint {
  const microcents = localToUsdMicrocents(localHundredthsToDecimal(hundredths), rate);
  if (microcents === null) throw new Error(`not an amount at ${rate}: ${hundredths}`);
  return microcents;
}

/** The smallest and largest typed amounts (hundredths) a field takes at `rate`: 0.01 USD and the maximum. */
function typedBounds(rate: string): { min: bigint; max: bigint } {
  let min = usdMicrocentsToLocalHundredths(MICROCENTS_PER_CENT, rate, "up");
  while (min > 1n && usdOf(min - 1n, rate) >= MICROCENTS_PER_CENT) min -= 1n;
  while (usdOf(min, rate) < MICROCENTS_PER_CENT) min += 1n;
  let max = usdMicrocentsToLocalHundredths(MAX_AMOUNT_MICROCENTS, rate, "down");
  while (usdOf(max + 1n, rate) <= MAX_AMOUNT_MICROCENTS) max += 1n;
  while (usdOf(max, rate) > MAX_AMOUNT_MICROCENTS) max -= 1n;
  return { min, max };
}

/** A currency, a rate and an amount typed at it: the bounds themselves, or anything between, at every magnitude. */
const typedAtRate = fc
  .record({ currency: fc.constantFrom(...CURRENCIES), rate: rateText })
  .map(({ currency, rate }) => ({ currency, rate: currency === "USD" ? "1" : rate }))
  .chain(({ currency, rate }) => {
    const { min, max } = typedBounds(rate);
    const digitsOf = (x: bigint) => x.toString().length - 1;
    const magnitude = fc.integer({ min: digitsOf(min), max: digitsOf(max) }).chain((digits) => {
      const low = 10n ** BigInt(digits);
      const high = 10n ** BigInt(digits + 1) - 1n;
      return fc.bigInt({ min: low > min ? low : min, max: high < max ? high : max });
    });
    const hundredths = fc.oneof(fc.constantFrom(min, max), magnitude);
    return hundredths.map((typed) => ({ currency: currency as Currency, rate, typed }));
  });

const TEN_TO_14 = 100_000_000_000_000n;
const abs = (x: bigint) => (x < 0n ? -x : x);

describe("amounts typed in a member's currency", () => {
  it("come back exactly as typed, on every screen, at every rate and size", () => {
    fc.assert(
      fc.property(typedAtRate, ({ currency, rate, typed }) => {
        const text = localHundredthsToDecimal(typed);
        expect(typedAmountProblem(text, { currency, rate })).toBeNull();
        const microcents = usdOf(typed, rate);
        expect(usdMicrocentsToLocalHundredths(microcents, rate)).toBe(typed);
        // formatMoney is what the screens, mail and statements show, from the settings multiplier.
        expect(formatMoney(microcents, currency, Number(rate))).toBe(formatLocalHundredths(typed, currency));
      }),
      { numRuns: 3000 },
    );
  });

  it("give derived amounts that show as the same computation in the member's currency", () => {
    // A 185 % payout, a 1 % fee, 30 periods at 1.25 %, a 5 % commission, a 0.37 % fee.
    const ratio = fc.constantFrom([185n, 100n], [100n, 10_000n], [3_750n, 10_000n], [5n, 100n], [37n, 10_000n]);
    fc.assert(
      fc.property(typedAtRate, ratio, ({ rate, typed }, [numerator, denominator]) => {
        const derived = mulDivHalfEven(usdOf(typed, rate), numerator, denominator);
        const shown = usdMicrocentsToLocalHundredths(derived, rate);
        // In the member's currency the derived amount is exactly `exact ÷ denominator` hundredths.
        const exact = typed * numerator;
        // Two roundings to the microcent, half a microcent each at most, are worth at most
        // (ratio + 1) ÷ 2 microcents: slack ÷ (2 × denominator × 10¹⁴) hundredths.
        const slack = (numerator + denominator) * scaledOf(rate);
        const fromHalf = 2n * exact - (2n * (exact / denominator) + 1n) * denominator;
        if (abs(fromHalf) * TEN_TO_14 > slack) {
          // Clear of a half by more than that: the nearest hundredth, as the member's own arithmetic gives.
          expect(shown).toBe((2n * exact + denominator) / (2n * denominator));
        } else {
          // Within that of a half (0.0003 IDR at 16,250 IDR per USD): the hundredth on either side.
          expect(2n * abs(shown * denominator - exact) * TEN_TO_14 <= denominator * TEN_TO_14 + slack).toBe(true);
        }
      }),
      { numRuns: 3000 },
    );
  });
});
