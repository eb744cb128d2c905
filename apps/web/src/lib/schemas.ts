import type * as Shared from "@helio/shared";
import type { z } from "zod";

type SharedModule = typeof Shared;

/** The names of the shared package's zod schemas. */
export type SchemaName = {
  [K in keyof SharedModule]: SharedModule[K] extends z.ZodType ? K : never;
}[keyof SharedModule];

/** A schema that loads when first needed: `apiFetch` sends the request, then awaits both. */
export type LazySchema<T> = () => Promise<z.ZodType<T>>;

/** A response's schema, at hand or loaded when first needed. */
export type SchemaSource<T> = z.ZodType<T> | LazySchema<T>;

/**
 * zod and every shared schema, one chunk. The first screen and the dashboard are drawn before it has
 * loaded; it loads beside their first requests, and every answer is still checked by its schema
 * before it is used (decision 0017).
 */
export const loadSharedSchemas = () => import("@helio/shared");

/**
 * The shared schema `name`, loaded when first needed: for the reads of the first screen (the member,
 * the balances, the settings, the dashboard's cards), whose modules must not bring zod with them.
 */
export function lazySchema<K extends SchemaName>(name: K): LazySchema<z.output<SharedModule[K]>> {
  return () => loadSharedSchemas().then((shared) => shared[name] as unknown as z.ZodType<z.output<SharedModule[K]>>);
}

/** The schema itself, loading it first when it is a lazy one. */
export async function resolveSchema<T>(source: SchemaSource<T>): Promise<z.ZodType<T>> {
  return typeof source === "function" ? source() : source;
}
