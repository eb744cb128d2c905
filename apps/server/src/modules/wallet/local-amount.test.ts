import {
  amountFieldOf,
  amountMicrocentsOf,
  createDepositSchema,
  formatMoney,
  formatRate,
  fromCents,
  localToUsdMicrocents,
  quoteOf,
  roundToCent,
  sameRate,
  usdMicrocentsToLocalHundredths,
  usdWithLocal,
} from "@helio/shared";
import { describe, expect, it } from "vitest";

// The conversion the forms preview and the server applies: both call these, so they agree to the microcent.

describe("localToUsdMicrocents", () => {
  it("converts at the rate given: 162,500 IDR at 16,250 is 10.00 USD", () => {
    expect(localToUsdMicrocents("162500", "16250")).toBe(fromCents(1000));
    expect(localToUsdMicrocents("162500.00", "16250.00")).toBe(fromCents(1000));
    expect(localToUsdMicrocents("3.76", "0.376")).toBe(fromCents(1000));
    // Half a cent is kept: 0.05 at 2 per USD is 0.025 USD.
    expect(localToUsdMicrocents("0.05", "2")).toBe(2_500_000n);
  });

  it("rounds to the nearest microcent, an exact half microcent to the even one", () => {
    // At 2,000,000 per USD a hundredth is half a microcent.
    expect(localToUsdMicrocents("0.05", "2000000")).toBe(2n); // 2.5 → 2
    expect(localToUsdMicrocents("0.07", "2000000")).toBe(4n); // 3.5 → 4
    expect(localToUsdMicrocents("0.03", "2000000")).toBe(2n); // 1.5 → 2
    expect(localToUsdMicrocents("162499", "16250")).toBe(999_993_846n); // 999,993,846.15… → …846
    expect(localToUsdMicrocents("162400", "16250")).toBe(999_384_615n); // 999,384,615.38… → …615
    expect(localToUsdMicrocents("200000", "16250")).toBe(1_230_769_231n); // 1,230,769,230.77… → …231
  });

  it("brings 100,000 IDR at 16,250 back exactly as typed, which whole cents could not", () => {
    const microcents = localToUsdMicrocents("100000", "16250");
    expect(microcents).toBe(615_384_615n); // 6.15384615 USD
    if (microcents === null) return;
    expect(usdMicrocentsToLocalHundredths(microcents, "16250")).toBe(10_000_000n);
    expect(formatMoney(microcents, "IDR", 16250)).toBe("100,000.00 IDR");
    expect(usdWithLocal(microcents, { currency: "IDR", rate: "16250" })).toBe("6.15 USD (100,000.00 IDR)");
    // The same amount held in whole cents, 6.15 USD, came back as 99,937.50 IDR.
    expect(usdMicrocentsToLocalHundredths(roundToCent(microcents), "16250")).toBe(9_993_750n);
  });

  it("answers null for text that is not an amount or a rate", () => {
    expect(localToUsdMicrocents("abc", "16250")).toBeNull();
    expect(localToUsdMicrocents("-5", "16250")).toBeNull();
    expect(localToUsdMicrocents("1.234", "16250")).toBeNull();
    expect(localToUsdMicrocents("100", "abc")).toBeNull();
    expect(localToUsdMicrocents("100", "0")).toBeNull();
    expect(localToUsdMicrocents("100", "1.123456789")).toBeNull();
  });
});

describe("sameRate", () => {
  it("compares numbers, not text", () => {
    expect(sameRate("16250", "16250.00")).toBe(true);
    expect(sameRate(" 0.376 ", "0.37600000")).toBe(true);
    expect(sameRate("16250", "16250.01")).toBe(false);
    expect(sameRate("abc", "abc")).toBe(false);
  });
});

describe("usdMicrocentsToLocalHundredths", () => {
  it("rounds a minimum up, a maximum down, anything else to the nearest (ties to even)", () => {
    // 10.01 USD at 0.376 = 3.76376 BHD.
    expect(usdMicrocentsToLocalHundredths(fromCents(1001), "0.376", "up")).toBe(377n);
    expect(usdMicrocentsToLocalHundredths(fromCents(1001), "0.376", "down")).toBe(376n);
    expect(usdMicrocentsToLocalHundredths(fromCents(1001), "0.376")).toBe(376n);
    // 1.25 USD at 0.5 = 0.625: an exact half hundredth.
    expect(usdMicrocentsToLocalHundredths(fromCents(125), "0.5")).toBe(62n);
    expect(usdMicrocentsToLocalHundredths(fromCents(135), "0.5")).toBe(68n);
    expect(usdMicrocentsToLocalHundredths(fromCents(125), "0.5", "up")).toBe(63n);
    // One microcent above a whole hundredth is rounded up only when asked to.
    expect(usdMicrocentsToLocalHundredths(fromCents(1000) + 1n, "16250", "up")).toBe(16_250_001n);
    expect(usdMicrocentsToLocalHundredths(fromCents(1000) + 1n, "16250")).toBe(16_250_000n);
    // Exact products are the same every way.
    for (const rounding of ["up", "down", "nearest"] as const)
      expect(usdMicrocentsToLocalHundredths(fromCents(1000), "16250", rounding)).toBe(16_250_000n);
  });
});

describe("usdWithLocal", () => {
  it("names the USD amount and, for another currency, its local value", () => {
    expect(usdWithLocal(fromCents(1000), { currency: "IDR", rate: "16250" }, "up")).toBe("10.00 USD (162,500.00 IDR)");
    expect(usdWithLocal(fromCents(1_000_000), { currency: "IDR", rate: "16250" }, "down")).toBe(
      "10,000.00 USD (162,500,000.00 IDR)",
    );
    expect(usdWithLocal(fromCents(1001), { currency: "BHD", rate: "0.376" }, "up")).toBe("10.01 USD (3.77 BHD)");
    expect(usdWithLocal(fromCents(1000), { currency: "USD", rate: "1" })).toBe("10.00 USD");
  });
});

describe("formatRate", () => {
  it("groups the units and drops trailing zeros", () => {
    expect(formatRate({ currency: "BHD", rate: "0.376" })).toBe("0.376 BHD per USD");
    expect(formatRate({ currency: "IDR", rate: "16250" })).toBe("16,250 IDR per USD");
    expect(formatRate({ currency: "IDR", rate: "16250.00" })).toBe("16,250 IDR per USD");
    expect(formatRate({ currency: "MYR", rate: "4.70" })).toBe("4.7 MYR per USD");
  });
});

describe("a request's local amount", () => {
  const local = { amount: "162500", currency: "IDR" as const, rate: "16250" };

  it("is read as microcents at its own rate, with its field and quote", () => {
    expect(amountMicrocentsOf({ local })).toBe(fromCents(1000));
    expect(amountFieldOf({ local })).toBe("local.amount");
    expect(quoteOf({ local })).toEqual({ currency: "IDR", rate: "16250" });
    expect(amountFieldOf({ amount: "10" })).toBe("amount");
    expect(quoteOf({ amountMicrocents: fromCents(1000) })).toBeNull();
  });

  it.each([
    [{ local: { ...local, rate: "abc" } }, "local.rate"],
    [{ local: { ...local, rate: "0" } }, "local.rate"],
    [{ local: { ...local, currency: "XYZ" } }, "local.currency"],
    [{ local: { ...local, amount: "-5" } }, "local.amount"],
    [{ local: { ...local, amount: "1.234" } }, "local.amount"],
    [{ local: { ...local, amount: "0.01" } }, "local.amount"], // less than a cent at 16,250
    [{ local, amountMicrocents: "1000000000" }, "amount"],
  ])("refuses %j naming %s", (body, field) => {
    const parsed = createDepositSchema.safeParse(body);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join("."))).toContain(field);
  });
});
