import { microcentsSchema } from "@helio/shared";
import { z } from "@helio/shared/zod";
import { isResponseSerializationError } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { needsEncode, responseSerializerCompiler } from "./response-serializer.ts";

const compile = (schema: z.ZodMiniType) =>
  responseSerializerCompiler({ schema, method: "GET", url: "/test", httpStatus: "200" }) as (data: unknown) => string;

const isoDate = z.codec(z.iso.datetime(), z.date(), {
  decode: (text) => new Date(text),
  encode: (date) => date.toISOString(),
});

describe("needsEncode", () => {
  it("is false for plain data, however nested", () => {
    const plain = z.object({
      count: z.number().check(z.int(), z.nonnegative()),
      name: z.string().check(z.maxLength(40)),
      tags: z.array(z.enum(["a", "b"])),
      note: z.optional(z.nullable(z.string())),
      kind: z.union([z.literal("x"), z.object({ y: z.number() })]),
      map: z.record(z.string(), z.boolean()),
    });
    expect(needsEncode(plain)).toBe(false);
  });

  it("is true for a transform, a pipe, a codec or a lazy schema anywhere inside", () => {
    expect(
      needsEncode(
        z.object({
          a: z.pipe(
            z.string(),
            z.transform((s) => s.length),
          ),
        }),
      ),
    ).toBe(true);
    expect(needsEncode(z.array(z.pipe(z.string(), z.email())))).toBe(true);
    expect(needsEncode(z.object({ at: z.union([isoDate, z.null()]) }))).toBe(true);
    expect(needsEncode(z.object({ next: z.lazy(() => z.string()) }))).toBe(true);
  });
});

describe("responseSerializerCompiler", () => {
  const balances = z.object({ wallet: z.number().check(z.int()), demo: z.number().check(z.int()) });

  it("drops fields the schema does not name", () => {
    expect(JSON.parse(compile(balances)({ wallet: 1, demo: 2, passwordHash: "secret" }))).toEqual({
      wallet: 1,
      demo: 2,
    });
  });

  it("refuses data that does not match, naming the route", () => {
    let thrown: unknown;
    try {
      compile(balances)({ wallet: 1.5, demo: 2 });
    } catch (error) {
      thrown = error;
    }
    expect(isResponseSerializationError(thrown)).toBe(true);
    expect(thrown).toMatchObject({ method: "GET", url: "/test" });
  });

  it("writes an amount in microcents as a string of digits, exactly, past 2⁵³ too", () => {
    const schema = z.object({ wallet: microcentsSchema, history: z.array(microcentsSchema) });
    expect(compile(schema)({ wallet: 100_000_000_000_000_001n, history: [-5n, 0n] })).toBe(
      '{"wallet":"100000000000000001","history":["-5","0"]}',
    );
  });

  it("still encodes a codec the way zod's encode does", () => {
    const schema = z.object({ at: isoDate });
    const at = new Date("2026-11-23T01:02:03.000Z");
    expect(JSON.parse(compile(schema)({ at }))).toEqual({ at: "2026-11-23T01:02:03.000Z" });
  });
});
