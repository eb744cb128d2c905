import { fromCents, USD_QUOTE } from "@helio/shared";
import { describe, expect, it } from "vitest";
import { amountProblem } from "../../lib/amount.ts";
import { depositAmountRules, withdrawalPreview } from "./amount-rules.ts";
import {
  dateRangeProblem,
  feeRuleText,
  filtersFromParams,
  filtersToParams,
  historyApiQuery,
  historyCsvHref,
  localDayBound,
  referenceHref,
} from "./model.ts";

describe("history filters ↔ page address", () => {
  it("reads valid filters and drops bad ones", () => {
    const f = filtersFromParams(
      new URLSearchParams("kind=deposit&account=wallet&from=2026-01-05&to=2026-02-30&page=3&pageSize=50"),
    );
    expect(f).toEqual({ kind: "deposit", account: "wallet", from: "2026-01-05", page: 3, pageSize: 50 });
    expect(filtersFromParams(new URLSearchParams("kind=steal&account=house&page=-1&pageSize=7"))).toEqual({
      page: 1,
      pageSize: 20,
    });
  });

  it("writes only what differs from the defaults, and round-trips", () => {
    expect(filtersToParams({ page: 1, pageSize: 20 }).toString()).toBe("");
    const f = { kind: "withdrawal" as const, from: "2026-03-01", to: "2026-03-31", page: 2, pageSize: 10 };
    const params = filtersToParams(f);
    expect(params.toString()).toBe("kind=withdrawal&from=2026-03-01&to=2026-03-31&page=2&pageSize=10");
    expect(filtersFromParams(params)).toEqual(f);
  });
});

describe("history filters → API query", () => {
  it("turns local days into the first and last instant of the day", () => {
    const start = new Date(localDayBound("2026-03-01", "start"));
    const end = new Date(localDayBound("2026-03-01", "end"));
    expect([start.getFullYear(), start.getMonth(), start.getDate(), start.getHours(), start.getMinutes()]).toEqual([
      2026, 2, 1, 0, 0,
    ]);
    expect([end.getDate(), end.getHours(), end.getMinutes(), end.getSeconds(), end.getMilliseconds()]).toEqual([
      1, 23, 59, 59, 999,
    ]);
  });

  it("sends kind, account, the day bounds and paging", () => {
    const q = historyApiQuery({ kind: "deposit", from: "2026-03-01", to: "2026-03-02", page: 2, pageSize: 50 });
    expect(q).toEqual({
      kind: "deposit",
      account: undefined,
      from: localDayBound("2026-03-01", "start"),
      to: localDayBound("2026-03-02", "end"),
      page: 2,
      pageSize: 50,
    });
  });

  it("ignores a reversed date range (and says why)", () => {
    expect(dateRangeProblem("2026-03-02", "2026-03-01")).toMatch(/after/);
    expect(dateRangeProblem("2026-03-01", "2026-03-01")).toBeNull();
    const q = historyApiQuery({ from: "2026-03-02", to: "2026-03-01", page: 1, pageSize: 20 });
    expect(q.from).toBeUndefined();
    expect(q.to).toBeUndefined();
  });

  it("builds the CSV link with the same filters and no paging", () => {
    const href = historyCsvHref({ kind: "adjustment", account: "bonus", page: 4, pageSize: 50 });
    expect(href).toBe("/api/wallet/history.csv?kind=adjustment&account=bonus");
    expect(historyCsvHref({ page: 1, pageSize: 20 })).toBe("/api/wallet/history.csv");
  });

  it("links deposit and withdrawal references to their invoices", () => {
    expect(referenceHref({ type: "deposit", id: "abc" })).toBe("/invoice-balance/abc");
    expect(referenceHref({ type: "withdrawal", id: "w1" })).toBe("/invoice-wd/w1");
    expect(referenceHref({ type: "user", id: "u1" })).toBeNull();
    expect(referenceHref(null)).toBeNull();
  });
});

const IDR = { currency: "IDR", rate: "16250" } as const;

describe("depositAmountRules", () => {
  const depositAmountProblem = (text: string, minMicrocents: bigint | undefined) =>
    amountProblem(text, depositAmountRules(minMicrocents, USD_QUOTE));

  it("checks the format and the minimum", () => {
    const minimum = fromCents(1_000);
    expect(depositAmountProblem("", minimum)).toBe("Enter an amount");
    expect(depositAmountProblem("abc", minimum)).toBe("Enter an amount like 12.34");
    expect(depositAmountProblem("-5", minimum)).toBe("Cannot be negative");
    expect(depositAmountProblem("10.001", minimum)).toBe("At most 2 decimals");
    // Zero is below the minimum, and said so.
    expect(depositAmountProblem("0", minimum)).toBe("The minimum deposit is 10.00 USD");
    expect(depositAmountProblem("0", undefined)).toBe("Must be more than zero");
    // No maximum of its own: the largest amount any field takes.
    expect(depositAmountProblem("99999999999999999999", minimum)).toBe("At most 1,000,000,000.00 USD");
    expect(depositAmountProblem("9.99", minimum)).toBe("The minimum deposit is 10.00 USD");
    expect(depositAmountProblem("10", minimum)).toBeNull();
    expect(depositAmountProblem("0.50", undefined)).toBeNull();
  });

  it("takes an amount in the member's currency and names the minimum in both", () => {
    const idr = amountProblem;
    const rules = depositAmountRules(fromCents(1_000), IDR);
    expect(idr("162418.74", rules, IDR)).toBe("The minimum deposit is 10.00 USD (162,500.00 IDR)");
    // 162,418.75 IDR is 9.995 USD exactly: kept so (no longer rounded to the even cent, 10.00 USD), below the minimum.
    expect(idr("162418.75", rules, IDR)).toBe("The minimum deposit is 10.00 USD (162,500.00 IDR)");
    expect(idr("162499.99", rules, IDR)).toBe("The minimum deposit is 10.00 USD (162,500.00 IDR)");
    expect(idr("162500", rules, IDR)).toBeNull();
    expect(idr("162500.505", rules, IDR)).toBe("At most 2 decimals");
    expect(idr("1000000000000", rules, IDR)).toBeNull();
    expect(idr("99999999999999999999", rules, IDR)).toBe("At most 1,000,000,000.00 USD (16,250,000,000,000.00 IDR)");
    expect(idr("162500", depositAmountRules(fromCents(1_000), null), null)).toBeNull();
    expect(idr("1", depositAmountRules(fromCents(1_000), null), null)).toBeNull();
  });
});

describe("withdrawalPreview", () => {
  const limits = {
    minMicrocents: fromCents(1_000),
    maxMicrocents: fromCents(1_000_000),
    feeBps: 100,
    feeFlatMicrocents: 0n,
  };

  it("converts an amount typed in the member's currency, and names the limits and the fee in both", () => {
    expect(withdrawalPreview("1625000", limits, fromCents(100_000), IDR)).toEqual({
      ok: true,
      quote: { amountMicrocents: fromCents(10_000), feeMicrocents: fromCents(100), netMicrocents: fromCents(9_900) },
    });
    expect(withdrawalPreview("100000", limits, fromCents(100_000), IDR)).toMatchObject({
      problem: "The minimum withdrawal is 10.00 USD (162,500.00 IDR)",
    });
    // 162,500,000 IDR is the maximum exactly; 162,500,001 IDR is 10,000.00006154 USD, past it by a
    // fraction of a cent (no longer rounded back to it), and 162,500,100 IDR by more.
    expect(withdrawalPreview("162500000", limits, fromCents(5_000_000), IDR).ok).toBe(true);
    expect(withdrawalPreview("162500001", limits, fromCents(5_000_000), IDR)).toMatchObject({
      problem: "The maximum withdrawal is 10,000.00 USD (162,500,000.00 IDR)",
    });
    expect(withdrawalPreview("162500100", limits, fromCents(5_000_000), IDR)).toMatchObject({
      problem: "The maximum withdrawal is 10,000.00 USD (162,500,000.00 IDR)",
    });
    const flat = { ...limits, minMicrocents: fromCents(1), feeFlatMicrocents: fromCents(100) };
    expect(withdrawalPreview("16250", flat, fromCents(5_000), IDR)).toMatchObject({
      problem: "The amount does not cover the fee of 1.01 USD (16,412.50 IDR)",
    });
  });

  it("computes fee (to the microcent, half to even) and net like the server", () => {
    const small = { ...limits, minMicrocents: fromCents(100) };
    // 1% of 12.50 USD is 0.125 USD exactly (once rounded to 0.12), of 13.50 USD 0.135 USD (once 0.14).
    const p = withdrawalPreview("12.50", small, fromCents(100_000), USD_QUOTE);
    expect(p).toEqual({
      ok: true,
      quote: { amountMicrocents: fromCents(1_250), feeMicrocents: 12_500_000n, netMicrocents: 1_237_500_000n },
    });
    const q = withdrawalPreview("13.50", small, fromCents(100_000), USD_QUOTE);
    expect(q.quote?.feeMicrocents).toBe(13_500_000n);
    const flat = withdrawalPreview(
      "100",
      { ...limits, feeBps: 150, feeFlatMicrocents: fromCents(50) },
      fromCents(100_000),
      USD_QUOTE,
    );
    expect(flat.quote).toEqual({
      amountMicrocents: fromCents(10_000),
      feeMicrocents: fromCents(200),
      netMicrocents: fromCents(9_800),
    });
    // 10.24 MYR at 4.70 is 217,872,340 microcents; 2.5% of it is 5,446,808.5, half to the even 5,446,808.
    const myr = { currency: "MYR", rate: "4.70" } as const;
    const fees = { ...small, feeBps: 250 };
    expect(withdrawalPreview("10.24", fees, fromCents(100_000), myr).quote).toEqual({
      amountMicrocents: 217_872_340n,
      feeMicrocents: 5_446_808n,
      netMicrocents: 212_425_532n,
    });
    // 10.44 MYR is 222,127,660 microcents: 5,553,191.5, to the even 5,553,192.
    expect(withdrawalPreview("10.44", fees, fromCents(100_000), myr).quote?.feeMicrocents).toBe(5_553_192n);
  });

  it("names what is wrong, still showing the fee where it can", () => {
    const wallet = fromCents(5_000);
    expect(withdrawalPreview("", limits, wallet, USD_QUOTE)).toEqual({
      ok: false,
      problem: "Enter an amount",
      quote: null,
    });
    // The words of every amount field: a sign is not "an amount like 12.34"; a huge number is past the maximum.
    expect(withdrawalPreview("-5", limits, wallet, USD_QUOTE)).toMatchObject({ problem: "Cannot be negative" });
    expect(withdrawalPreview("abc", limits, wallet, USD_QUOTE)).toMatchObject({
      problem: "Enter an amount like 12.34",
    });
    expect(withdrawalPreview("99999999999999999999", limits, wallet, USD_QUOTE)).toMatchObject({
      problem: "The maximum withdrawal is 10,000.00 USD",
    });
    expect(withdrawalPreview("5", limits, wallet, USD_QUOTE)).toMatchObject({ ok: false, problem: /minimum.*10\.00/ });
    expect(withdrawalPreview("20000", limits, fromCents(5_000_000), USD_QUOTE)).toMatchObject({
      ok: false,
      problem: /maximum.*10,000\.00 USD/,
    });
    expect(withdrawalPreview("60", limits, wallet, USD_QUOTE)).toMatchObject({
      ok: false,
      problem: "More than your wallet balance",
      quote: { feeMicrocents: fromCents(60), netMicrocents: fromCents(5_940) },
    });
    expect(
      withdrawalPreview(
        "1.00",
        { ...limits, minMicrocents: fromCents(1), feeFlatMicrocents: fromCents(100) },
        wallet,
        USD_QUOTE,
      ),
    ).toMatchObject({
      ok: false,
      problem: /does not cover the fee/,
    });
  });
});

describe("feeRuleText", () => {
  it("says the fee rule in words", () => {
    expect(feeRuleText(100, 0n)).toBe("1%");
    expect(feeRuleText(150, fromCents(50))).toBe("1.5% + 0.50 USD");
    expect(feeRuleText(0, fromCents(200))).toBe("2.00 USD");
    expect(feeRuleText(0, 0n)).toBe("No fee");
    expect(feeRuleText(1000, 0n)).toBe("10%");
    expect(feeRuleText(5, 0n)).toBe("0.05%");
    expect(feeRuleText(10_000, 0n)).toBe("100%");
    expect(feeRuleText(125, 0n)).toBe("1.25%");
  });
});
