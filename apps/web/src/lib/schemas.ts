import type { z } from "@helio/shared/zod";
import type * as Lazy from "./lazy-schemas.ts";

type SharedModule = typeof Lazy;

/** The names of the zod schemas `lazySchema` loads (lib/lazy-schemas.ts). */
export type SchemaName = {
  [K in keyof SharedModule]: SharedModule[K] extends z.ZodMiniType ? K : never;
}[keyof SharedModule];

/** A schema that loads when first needed: `apiFetch` sends the request, then awaits both. */
export type LazySchema<T> = () => Promise<z.ZodMiniType<T>>;

/** A response's schema, at hand or loaded when first needed. */
export type SchemaSource<T> = z.ZodMiniType<T> | LazySchema<T>;

/**
 * zod and the schemas of the screens drawn without it, one chunk. The first screen and the dashboard
 * are drawn before it has loaded; it loads beside their first requests, and every answer is still
 * checked by its schema before it is used (decision 0017). Not every shared schema: building the
 * back office's and the other MUI screens' too cost the dashboard's first paint (decision 0018).
 */
export const loadSharedSchemas = () => import("./lazy-schemas.ts");

/**
 * The shared schema `name`, loaded when first needed: for the reads of the first screen (the member,
 * the balances, the settings, the dashboard's cards), whose modules must not bring zod with them.
 */
export function lazySchema<K extends SchemaName>(name: K): LazySchema<z.output<SharedModule[K]>> {
  return () =>
    loadSharedSchemas().then((shared) => shared[name] as unknown as z.ZodMiniType<z.output<SharedModule[K]>>);
}

/** The schema itself, loading it first when it is a lazy one. */
export async function resolveSchema<T>(source: SchemaSource<T>): Promise<z.ZodMiniType<T>> {
  return typeof source === "function" ? source() : source;
}
