import { fromCents, type PublicSettings } from "@helio/shared";
import { describe, expect, it } from "vitest";
import { testQueryClient } from "../test/render.tsx";
import { applyRateQuote } from "./rate-quote.ts";
import { publicSettingsKey } from "./settings.ts";

const settings: PublicSettings = {
  menuContact: true,
  depositMinMicrocents: fromCents(1_000),
  rates: [
    { name: "IDR", value: 16_250, decimal: "16250" },
    { name: "EUR", value: 0.92, decimal: "0.92" },
  ],
};

describe("applyRateQuote", () => {
  it("puts a RATE_CHANGED quote into the cached rates at once, leaving the others", () => {
    const client = testQueryClient();
    client.setQueryData(publicSettingsKey, settings);
    applyRateQuote(client, { currency: "IDR", rate: "16300" });
    expect(client.getQueryData(publicSettingsKey)).toEqual({
      menuContact: true,
      depositMinMicrocents: fromCents(1_000),
      rates: [
        { name: "IDR", value: 16_300, decimal: "16300" },
        { name: "EUR", value: 0.92, decimal: "0.92" },
      ],
    });
  });

  it("ignores a quote that is not one, and reads the settings again when they lack the currency", () => {
    const client = testQueryClient();
    client.setQueryData(publicSettingsKey, settings);
    applyRateQuote(client, { currency: "IDR", rate: "-1" });
    expect(client.getQueryData(publicSettingsKey)).toEqual(settings);
    const empty = testQueryClient();
    empty.setQueryData(publicSettingsKey, { ...settings, rates: [] });
    applyRateQuote(empty, { currency: "IDR", rate: "16300" });
    expect(empty.getQueryState(publicSettingsKey)?.isInvalidated).toBe(true);
  });
});
