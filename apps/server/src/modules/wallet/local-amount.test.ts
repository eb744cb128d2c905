import {
  amountCentsOf,
  amountFieldOf,
  createDepositSchema,
  formatRate,
  localToUsdCents,
  quoteOf,
  sameRate,
  usdCentsToLocalHundredths,
  usdWithLocal,
} from "@helio/shared";
import { describe, expect, it } from "vitest";

// The conversion the forms preview and the server applies: both call these, so they agree to the cent.

describe("localToUsdCents", () => {
  it("converts at the rate given: 162,500 IDR at 16,250 is 10.00 USD", () => {
    expect(localToUsdCents("162500", "16250")).toBe(1000);
    expect(localToUsdCents("162500.00", "16250.00")).toBe(1000);
    expect(localToUsdCents("3.76", "0.376")).toBe(1000);
  });

  it("rounds to the nearest cent, an exact half cent to the even one", () => {
    expect(localToUsdCents("0.05", "2")).toBe(2); // 2.5 → 2
    expect(localToUsdCents("0.07", "2")).toBe(4); // 3.5 → 4
    expect(localToUsdCents("0.03", "2")).toBe(2); // 1.5 → 2
    expect(localToUsdCents("162499", "16250")).toBe(1000); // 999.9938… → 1000
    expect(localToUsdCents("162400", "16250")).toBe(999); // 999.3846… → 999
  });

  it("answers null for text that is not an amount or a rate", () => {
    expect(localToUsdCents("abc", "16250")).toBeNull();
    expect(localToUsdCents("-5", "16250")).toBeNull();
    expect(localToUsdCents("1.234", "16250")).toBeNull();
    expect(localToUsdCents("100", "abc")).toBeNull();
    expect(localToUsdCents("100", "0")).toBeNull();
    expect(localToUsdCents("100", "1.123456789")).toBeNull();
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

describe("usdCentsToLocalHundredths", () => {
  it("rounds a minimum up, a maximum down, anything else to the nearest (ties to even)", () => {
    // 10.01 USD at 0.376 = 3.76376 BHD.
    expect(usdCentsToLocalHundredths(1001, "0.376", "up")).toBe(377n);
    expect(usdCentsToLocalHundredths(1001, "0.376", "down")).toBe(376n);
    expect(usdCentsToLocalHundredths(1001, "0.376")).toBe(376n);
    // 1.25 USD at 0.5 = 0.625: an exact half hundredth.
    expect(usdCentsToLocalHundredths(125, "0.5")).toBe(62n);
    expect(usdCentsToLocalHundredths(135, "0.5")).toBe(68n);
    expect(usdCentsToLocalHundredths(125, "0.5", "up")).toBe(63n);
    // Exact products are the same every way.
    for (const rounding of ["up", "down", "nearest"] as const)
      expect(usdCentsToLocalHundredths(1000, "16250", rounding)).toBe(16_250_000n);
  });
});

describe("usdWithLocal", () => {
  it("names the USD amount and, for another currency, its local value", () => {
    expect(usdWithLocal(1000, { currency: "IDR", rate: "16250" }, "up")).toBe("10.00 USD (162,500.00 IDR)");
    expect(usdWithLocal(1_000_000, { currency: "IDR", rate: "16250" }, "down")).toBe(
      "10,000.00 USD (162,500,000.00 IDR)",
    );
    expect(usdWithLocal(1001, { currency: "BHD", rate: "0.376" }, "up")).toBe("10.01 USD (3.77 BHD)");
    expect(usdWithLocal(1000, { currency: "USD", rate: "1" })).toBe("10.00 USD");
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

  it("is read as USD cents at its own rate, with its field and quote", () => {
    expect(amountCentsOf({ local })).toBe(1000);
    expect(amountFieldOf({ local })).toBe("local.amount");
    expect(quoteOf({ local })).toEqual({ currency: "IDR", rate: "16250" });
    expect(amountFieldOf({ amount: "10" })).toBe("amount");
    expect(quoteOf({ amountCents: 1000 })).toBeNull();
  });

  it.each([
    [{ local: { ...local, rate: "abc" } }, "local.rate"],
    [{ local: { ...local, rate: "0" } }, "local.rate"],
    [{ local: { ...local, currency: "XYZ" } }, "local.currency"],
    [{ local: { ...local, amount: "-5" } }, "local.amount"],
    [{ local: { ...local, amount: "1.234" } }, "local.amount"],
    [{ local: { ...local, amount: "0.01" } }, "local.amount"], // less than a cent at 16,250
    [{ local, amountCents: 1000 }, "amount"],
  ])("refuses %j naming %s", (body, field) => {
    const parsed = createDepositSchema.safeParse(body);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join("."))).toContain(field);
  });
});
