import { describe, expect, it, vi } from "vitest";

describe("zod without eval", () => {
  it("builds and checks object schemas without ever calling Function", async () => {
    await import("./zod-jitless.ts");
    const { z } = await import("zod");
    expect(z.config().jitless).toBe(true);
    const spy = vi.spyOn(globalThis, "Function");
    const schema = z.object({ amount: z.string(), cents: z.number().int() });
    expect(schema.parse({ amount: "1.00", cents: 100 })).toEqual({ amount: "1.00", cents: 100 });
    expect(schema.safeParse({ amount: 1 }).success).toBe(false);
    expect(spy).not.toHaveBeenCalled();
  });
});
