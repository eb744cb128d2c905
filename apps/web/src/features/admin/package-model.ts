import { type AdminPackage, microcentsToDecimal, PACKAGE_SLUG, parseDecimalToMicrocents } from "@helio/shared";
import { z } from "@helio/shared/zod";
import { bpsToPercent, percentToBps } from "../../lib/percent.ts";
import type { PackageBody } from "./investments-api.ts";

/**
 * The package editor works on text: amounts in USD (`100.00`), the rate in percent per period
 * (`1.25`, exactly the basis points), whole periods. Field names are the API's, so the server's
 * field errors land on the right input.
 */
const usd = z.string().check(
  z.trim(),
  z.regex(/^\d{1,9}(\.\d{1,2})?$/, "An amount like 100.00"),
  z.refine((v) => (parseDecimalToMicrocents(v) ?? 0n) > 0n, "Must be more than zero"),
);

export const packageFormSchema = z
  .object({
    name: z.string().check(z.trim(), z.minLength(2, "At least 2 characters"), z.maxLength(80, "At most 80 characters")),
    slug: z
      .string()
      .check(
        z.trim(),
        z.minLength(2, "At least 2 characters"),
        z.maxLength(60, "At most 60 characters"),
        z.regex(PACKAGE_SLUG, "Lowercase letters, digits and single hyphens, e.g. gold-30"),
      ),
    description: z.string().check(z.trim(), z.maxLength(2000, "At most 2000 characters")),
    minMicrocents: usd,
    maxMicrocents: usd,
    dailyRateBps: z.string().check(
      z.trim(),
      z.regex(/^\d{1,3}(\.\d{1,2})?$/, "A percentage like 1.25 (at most 2 decimals)"),
      z.refine((v) => {
        const bps = percentToBps(v) ?? 0;
        return bps >= 1 && bps <= 10_000;
      }, "Between 0.01 and 100"),
    ),
    durationPeriods: z.string().check(
      z.trim(),
      z.regex(/^\d{1,4}$/, "Whole periods"),
      z.refine((v) => Number(v) >= 1 && Number(v) <= 3650, "Between 1 and 3650"),
    ),
    capitalReturn: z.boolean(),
    sortOrder: z.string().check(
      z.trim(),
      z.regex(/^\d{1,5}$/, "A whole number"),
      z.refine((v) => Number(v) <= 10_000, "At most 10000"),
    ),
    active: z.boolean(),
  })
  .check(
    z.superRefine((f, ctx) => {
      const min = parseDecimalToMicrocents(f.minMicrocents);
      const max = parseDecimalToMicrocents(f.maxMicrocents);
      if (min !== null && max !== null && max < min)
        ctx.addIssue({ code: "custom", path: ["maxMicrocents"], message: "Must be at least the minimum" });
    }),
  );
export type PackageForm = z.input<typeof packageFormSchema>;

export const EMPTY_PACKAGE: PackageForm = {
  name: "",
  slug: "",
  description: "",
  minMicrocents: "100.00",
  maxMicrocents: "1000.00",
  dailyRateBps: "1",
  durationPeriods: "30",
  capitalReturn: true,
  sortOrder: "0",
  active: true,
};

/** A stored package → the editor's text. */
export function packageToForm(p: AdminPackage): PackageForm {
  return {
    name: p.name,
    slug: p.slug,
    description: p.description,
    minMicrocents: microcentsToDecimal(p.minMicrocents),
    maxMicrocents: microcentsToDecimal(p.maxMicrocents),
    dailyRateBps: bpsToPercent(p.dailyRateBps),
    durationPeriods: String(p.durationPeriods),
    capitalReturn: p.capitalReturn,
    sortOrder: String(p.sortOrder),
    active: p.active,
  };
}

/** The (validated) editor's text → the API body. */
export function formToPackage(f: PackageForm): PackageBody {
  // The form is validated before it is converted: the fallbacks never apply.
  const microcents = (text: string) => parseDecimalToMicrocents(text.trim()) ?? 0n;
  return {
    name: f.name.trim(),
    slug: f.slug.trim(),
    description: f.description.trim(),
    minMicrocents: microcents(f.minMicrocents),
    maxMicrocents: microcents(f.maxMicrocents),
    // A percentage with 2 decimals is exactly the basis points: "1.25" → 125.
    dailyRateBps: percentToBps(f.dailyRateBps) ?? 0,
    durationPeriods: Number(f.durationPeriods.trim()),
    capitalReturn: f.capitalReturn,
    sortOrder: Number(f.sortOrder.trim()),
    active: f.active,
  };
}
