import { type AdminPackage, fromCents, jsonText, packageInputSchema } from "@helio/shared";
import { describe, expect, it } from "vitest";
import { formToPackage, packageFormSchema, packageToForm } from "./package-model.ts";

const stored: AdminPackage = {
  id: "p1",
  slug: "gold-30",
  name: "Gold",
  description: "",
  minMicrocents: fromCents(10_000),
  maxMicrocents: fromCents(500_000),
  dailyRateBps: 125,
  durationPeriods: 30,
  capitalReturn: true,
  sortOrder: 10,
  active: true,
  periodSeconds: 86_400,
  investmentCount: 2,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

describe("package editor", () => {
  it("shows USD and percent, and converts back exactly to a valid API body", () => {
    const form = packageToForm(stored);
    expect(form.minMicrocents).toBe("100.00");
    expect(form.dailyRateBps).toBe("1.25");
    const body = formToPackage(packageFormSchema.parse({ ...form, dailyRateBps: "0.8", maxMicrocents: "7500.5" }));
    expect(body.dailyRateBps).toBe(80);
    expect(body.maxMicrocents).toBe(fromCents(750_050));
    // As the server reads it: apiFetch sends the amounts as strings of digits.
    expect(packageInputSchema.safeParse(JSON.parse(jsonText(body))).success).toBe(true);
  });

  it("names each bad field", () => {
    const result = packageFormSchema.safeParse({
      ...packageToForm(stored),
      slug: "Gold 30",
      maxMicrocents: "50.00",
      dailyRateBps: "0",
      durationPeriods: "0",
    });
    const fields = [...new Set(result.error?.issues.map((i) => i.path.join(".")))].sort();
    expect(fields).toEqual(["dailyRateBps", "durationPeriods", "maxMicrocents", "slug"]);
  });
});
