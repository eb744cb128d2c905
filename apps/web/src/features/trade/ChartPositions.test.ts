import { fromCents } from "@helio/shared";
import { describe, expect, it } from "vitest";
import { resultIfEndedNow } from "./ChartPositions.tsx";

describe("resultIfEndedNow", () => {
  it("is the profit the server would pay over the stake, the stake lost, or nothing", () => {
    const stake = { amountMicrocents: fromCents(1_000), payoutPercent: 85 };
    expect(resultIfEndedNow({ ...stake, winning: true })).toBe(fromCents(850));
    expect(resultIfEndedNow({ ...stake, winning: false })).toBe(-fromCents(1_000));
    expect(resultIfEndedNow({ ...stake, winning: null })).toBe(0n);
  });

  it("rounds as the payout is rounded, once to the microcent, half to even", () => {
    // 500,000 IDR at 16,250 staked: 3,076,923,077 × 1.85 = 5,692,307,692.45, paid 5,692,307,692.
    expect(resultIfEndedNow({ amountMicrocents: 3_076_923_077n, payoutPercent: 85, winning: true })).toBe(
      2_615_384_615n,
    );
    // 30 × 1.85 = 55.5: paid 56 (the even neighbour), so 26 over the stake, not 25.5 cut to 25.
    expect(resultIfEndedNow({ amountMicrocents: 30n, payoutPercent: 85, winning: true })).toBe(26n);
  });
});
