import { fromCents, jsonText, type Settings, settingsSchema } from "@helio/shared";
import { describe, expect, it } from "vitest";
import { paths } from "../../lib/paths.ts";
import { currentAdminLink } from "./AdminLayout.tsx";
import {
  formFieldOf,
  formToSettings,
  settingsToForm,
  type TradingSettingsForm,
  tradingSettingsFormSchema,
} from "./trading-settings-model.ts";

const stored: Settings = settingsSchema.parse({
  tradePayoutPercent: { ETH: 80, PEPE: 70 },
  tradeMinMicrocents: String(fromCents(150)),
  tradeDurations: [300, 30, 3600],
});

const issuesOf = (form: TradingSettingsForm) => {
  const result = tradingSettingsFormSchema.safeParse(form);
  return result.success ? [] : [...new Set(result.error.issues.map((i) => i.path.join(".")))].sort();
};

describe("trading settings editor", () => {
  it("shows stakes in USD, payouts per pair (empty = default) and durations in offered order", () => {
    const form = settingsToForm(stored);
    expect(form.tradePayoutPercentDefault).toBe("85");
    expect(form.tradePayoutPercent.ETH).toBe("80");
    expect(form.tradePayoutPercent.BTC).toBe("");
    expect(Object.keys(form.tradePayoutPercent)).toHaveLength(12);
    expect(form.tradeExposureCapMicrocents.BTC).toBe("");
    expect(form.tradeMinMicrocents).toBe("1.50");
    expect(form.tradeMaxMicrocents).toBe("10000.00");
    expect(form.tradeDurations).toEqual([30, 300, 3600]);
    expect(form.tradeOpenLimit).toBe("20");
    expect(form.marketStaleSeconds).toBe("15");
    expect(form.tickRetentionHours).toBe("48");
    expect(issuesOf(form)).toEqual([]);
  });

  it("converts back exactly and keeps every setting it does not show", () => {
    const form: TradingSettingsForm = {
      ...settingsToForm(stored),
      tradePayoutPercent: { ...settingsToForm(stored).tradePayoutPercent, BTC: " 91 ", ETH: "" },
      tradeMinMicrocents: "0.29",
      tradeMaxMicrocents: "1234567.89",
      tradeDurations: [3600, 60, 30],
      tradeOpenLimit: "5",
    };
    const next = formToSettings(tradingSettingsFormSchema.parse(form), stored);
    expect(next.tradePayoutPercent).toEqual({ BTC: 91, PEPE: 70 });
    expect(next.tradeExposureCapMicrocents).toEqual({});
    // 0.29 * 100 is 28.999999999999996 in floating point: the conversion must not go through it.
    expect(next.tradeMinMicrocents).toBe(fromCents(29));
    expect(next.tradeMaxMicrocents).toBe(fromCents(123_456_789));
    expect(next.tradeDurations).toEqual([30, 60, 3600]);
    expect(next.tradeOpenLimit).toBe(5);
    expect(next.rateIDR).toBe(stored.rateIDR);
    expect(next.withdrawalMaxMicrocents).toBe(stored.withdrawalMaxMicrocents);
    expect(next.transferInstructions).toEqual(stored.transferInstructions);
    // As the server reads it: apiFetch sends the amounts as strings of digits.
    expect(settingsSchema.safeParse(JSON.parse(jsonText(next))).success).toBe(true);

    const defaults = settingsSchema.parse({});
    expect(formToSettings(tradingSettingsFormSchema.parse(settingsToForm(defaults)), defaults)).toEqual(defaults);
  });

  it("names the maximum stake when it is below the minimum", () => {
    expect(issuesOf({ ...settingsToForm(stored), tradeMinMicrocents: "50.00", tradeMaxMicrocents: "49.99" })).toEqual([
      "tradeMaxMicrocents",
    ]);
    expect(issuesOf({ ...settingsToForm(stored), tradeMinMicrocents: "50", tradeMaxMicrocents: "50.00" })).toEqual([]);
  });

  it("requires at least one duration", () => {
    const result = tradingSettingsFormSchema.safeParse({ ...settingsToForm(stored), tradeDurations: [] });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["tradeDurations", "Enable at least one duration"],
    ]);
    expect(issuesOf({ ...settingsToForm(stored), tradeDurations: [45] })).toEqual(["tradeDurations.0"]);
  });

  it("names each bad field", () => {
    const form = settingsToForm(stored);
    expect(
      issuesOf({
        ...form,
        tradePayoutPercentDefault: "101",
        tradePayoutPercent: { ...form.tradePayoutPercent, SOL: "0", DOGE: "12.5" },
        tradeMinMicrocents: "0.00",
        tradeMaxMicrocents: "1,000",
        tradeOpenLimit: "0",
        marketStaleSeconds: "1",
        tickRetentionHours: "2161",
      }),
    ).toEqual([
      "marketStaleSeconds",
      "tickRetentionHours",
      "tradeMaxMicrocents",
      "tradeMinMicrocents",
      "tradeOpenLimit",
      "tradePayoutPercent.DOGE",
      "tradePayoutPercent.SOL",
      "tradePayoutPercentDefault",
    ]);
    const bad = tradingSettingsFormSchema.safeParse({ ...form, tradeMinMicrocents: "abc" });
    expect(bad.error?.issues.map((i) => i.message)).toEqual(["Minimum stake: an amount like 1.00"]);
  });

  it("places the server's field errors on the inputs", () => {
    expect(formFieldOf("tradeMaxMicrocents")).toBe("tradeMaxMicrocents");
    expect(formFieldOf("tradePayoutPercent.BTC")).toBe("tradePayoutPercent.BTC");
    expect(formFieldOf("tradePayoutPercent.PEPE")).toBeNull();
    expect(formFieldOf("tradePayoutPercent")).toBeNull();
    expect(formFieldOf("tradeDurations.2")).toBe("tradeDurations");
    expect(formFieldOf("rateEUR")).toBeNull();
  });
});

describe("the Trading menu entry", () => {
  it("marks /admin/trading as the current section", () => {
    expect(currentAdminLink(paths.adminTrading)).toBe(paths.adminTrading);
  });
});

describe("exposure caps", () => {
  it("reads and saves a cap per pair in US dollars, empty for none, keeping caps of other keys", () => {
    const stored = settingsSchema.parse({
      tradeExposureCapMicrocents: { BTC: String(fromCents(500_000)), OLD: String(fromCents(7)) },
    });
    const form = settingsToForm(stored);
    expect(form.tradeExposureCapMicrocents.BTC).toBe("5000.00");
    expect(form.tradeExposureCapMicrocents.ETH).toBe("");
    const next = formToSettings(
      { ...form, tradeExposureCapMicrocents: { ...form.tradeExposureCapMicrocents, BTC: "", ETH: " 1234.5 " } },
      stored,
    );
    expect(next.tradeExposureCapMicrocents).toEqual({ OLD: fromCents(7), ETH: fromCents(123_450) });
    expect(formFieldOf("tradeExposureCapMicrocents.SOL")).toBe("tradeExposureCapMicrocents.SOL");
    const bad = tradingSettingsFormSchema.safeParse({
      ...form,
      tradeExposureCapMicrocents: { ...form.tradeExposureCapMicrocents, SOL: "lots" },
    });
    expect(bad.success).toBe(false);
  });
});
