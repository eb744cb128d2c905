import { fromCents } from "@helio/shared";
import { describe, expect, it } from "vitest";
import { testQueryClient } from "../test/render.tsx";
import { applyBalancesMessage, balancesKey } from "./balances.ts";
import { rateFor } from "./settings.ts";

describe("applyBalancesMessage", () => {
  it("merges the accounts a movement touched into the cached balances", () => {
    const client = testQueryClient();
    client.setQueryData(balancesKey, {
      wallet: fromCents(100),
      demo: fromCents(1_000_000),
      profit: 0n,
      bonus: 0n,
      withdrawal_hold: 0n,
    });
    applyBalancesMessage(client, {
      type: "balances",
      balances: { wallet: fromCents(50), withdrawal_hold: fromCents(50) },
    });
    expect(client.getQueryData(balancesKey)).toEqual({
      wallet: fromCents(50),
      demo: fromCents(1_000_000),
      profit: 0n,
      bonus: 0n,
      withdrawal_hold: fromCents(50),
    });
  });

  it("marks the balances stale when nothing is cached yet", () => {
    const client = testQueryClient();
    applyBalancesMessage(client, { type: "balances", balances: { wallet: fromCents(50) } });
    expect(client.getQueryData(balancesKey)).toBeUndefined();
  });
});

describe("rateFor", () => {
  const rates = [
    { name: "IDR" as const, value: 16250, decimal: "16250" },
    { name: "EUR" as const, value: 0.92, decimal: "0.92" },
  ];
  it("is 1 for USD, the settings rate otherwise, null when unknown", () => {
    expect(rateFor(undefined, "USD")).toBe(1);
    expect(rateFor(rates, "IDR")).toBe(16250);
    expect(rateFor(rates, "MYR")).toBeNull();
    expect(rateFor(undefined, "EUR")).toBeNull();
  });
});
