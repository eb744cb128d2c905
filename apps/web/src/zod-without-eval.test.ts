import { z } from "@helio/shared/zod";
import { describe, expect, it, vi } from "vitest";

// The page's content security policy has no 'unsafe-eval'. Classic zod compiled object parsers with
// `new Function` (a CSP violation on every page with a form); zod/mini never does, which this keeps
// true across upgrades.
describe("zod without eval", () => {
  it("builds and checks object schemas without ever calling Function", () => {
    const spy = vi.spyOn(globalThis, "Function");
    const schema = z.object({ amount: z.string(), count: z.int(), note: z.optional(z.nullable(z.string())) });
    expect(schema.parse({ amount: "1.00", count: 100 })).toEqual({ amount: "1.00", count: 100 });
    expect(schema.safeParse({ amount: 1 }).success).toBe(false);
    expect(spy).not.toHaveBeenCalled();
  });
});
