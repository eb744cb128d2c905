import fs from "node:fs";
import path from "node:path";
import { API, API_PATTERNS } from "@helio/shared";
import Fastify, { type RouteOptions } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/helpers.ts";
import { rateLimits } from "./plugins/rate-limits.ts";
import { registerRoutes } from "./routes.ts";

/** Every path the API names: the static ones of `API` and the route patterns of `API_PATTERNS`. */
const KNOWN_PATHS = new Set<string>([
  ...Object.values(API).flatMap((entry) => (typeof entry === "string" ? [entry] : [])),
  ...Object.values(API_PATTERNS),
]);

describe("route paths", () => {
  it("each pattern in API_PATTERNS names the same path as its builder in API", () => {
    const builders = Object.entries(API).filter(([, entry]) => typeof entry === "function");
    expect(builders.length).toBeGreaterThan(30);
    for (const [name, build] of builders) {
      const pattern: string = API_PATTERNS[name as keyof typeof API_PATTERNS];
      expect(pattern, name).toBeDefined();
      const params = [...pattern.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
      expect(params.length, name).toBe((build as (...values: string[]) => string).length);
      const values = params.map((param) => `value-of-${param}`);
      const filled = params.reduce((p, param, i) => p.replace(`:${param}`, values[i] as string), pattern);
      expect((build as (...values: string[]) => string)(...values), name).toBe(filled);
    }
  });

  it("declares no route path as a string in a module's routes.ts", () => {
    const modules = path.join(import.meta.dirname, "modules");
    const offenders: string[] = [];
    for (const feature of fs.readdirSync(modules)) {
      const file = path.join(modules, feature, "routes.ts");
      if (!fs.existsSync(file)) continue;
      const source = fs.readFileSync(file, "utf8");
      // r.get("/api/…", …), r.post(`/api/…`, …), app.route({ url: "/api/…" }): a path written out.
      for (const match of source.matchAll(/\.(?:get|post|put|patch|delete|route)\(\s*["'`]|url:\s*["'`]/g))
        offenders.push(`${feature}/routes.ts: ${source.slice(match.index, match.index + 80).replace(/\s+/g, " ")}`);
    }
    expect(offenders).toEqual([]);
  });
});

describe("every feature route's path comes from packages/shared/src/paths.ts", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("pglite");
  });
  afterAll(async () => t?.close());

  it("registers only paths that API or API_PATTERNS names", async () => {
    // The features' routes alone, on an app of their own, with a hook that sees each as it is added.
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(rateLimits, { prefix: "route-paths:" });
    const routes: Pick<RouteOptions, "method" | "url">[] = [];
    app.addHook("onRoute", (route) => void routes.push({ method: route.method, url: route.url }));
    await registerRoutes(app, t.app.services);
    await app.ready();
    expect(routes.length).toBeGreaterThan(100);
    const unknown = routes.filter((route) => !KNOWN_PATHS.has(route.url));
    expect(unknown.map((route) => `${[route.method].flat().join(",")} ${route.url}`)).toEqual([]);
    await app.close();
  });
});
