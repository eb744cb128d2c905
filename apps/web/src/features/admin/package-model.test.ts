import { type AdminPackage, packageInputSchema } from "@helio/shared";
import { describe, expect, it } from "vitest";
import { formToPackage, packageFormSchema, packageToForm } from "./package-model.ts";

const stored: AdminPackage = {
  id: "p1",
  slug: "gold-30",
  name: "Gold",
  description: "",
  minCents: 10_000,
  maxCents: 500_000,
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
    expect(form.minCents).toBe("100.00");
    expect(form.dailyRateBps).toBe("1.25");
    const body = formToPackage(packageFormSchema.parse({ ...form, dailyRateBps: "0.8", maxCents: "7500.5" }));
    expect(body.dailyRateBps).toBe(80);
    expect(body.maxCents).toBe(750_050);
    expect(packageInputSchema.safeParse(body).success).toBe(true);
  });

  it("names each bad field", () => {
    const result = packageFormSchema.safeParse({
      ...packageToForm(stored),
      slug: "Gold 30",
      maxCents: "50.00",
      dailyRateBps: "0",
      durationPeriods: "0",
    });
    const fields = [...new Set(result.error?.issues.map((i) => i.path.join(".")))].sort();
    expect(fields).toEqual(["dailyRateBps", "durationPeriods", "maxCents", "slug"]);
  });
});
