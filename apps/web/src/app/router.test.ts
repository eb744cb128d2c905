import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { paths, routePatterns } from "../lib/paths.ts";
import { isMemberMatch, routes } from "./router.tsx";

/** Whether `pathname` is a signed-in page (under the guard), as the router matches it at boot. */
const isMemberPath = (pathname: string) => isMemberMatch(matchRoutes(routes, pathname));

/** Every `path` of the route table, absolute (index routes have none). */
function routePaths(list: RouteObject[]): string[] {
  return list.flatMap((route) => [...(route.path ? [route.path] : []), ...routePaths(route.children ?? [])]);
}

describe("the route table", () => {
  it("takes every path from lib/paths.ts", () => {
    const known = new Set<string>([
      ...Object.values(paths).filter((p) => typeof p === "string"),
      ...Object.values(routePatterns),
      "*",
    ]);
    expect(routePaths(routes).filter((p) => !known.has(p))).toEqual([]);
  });

  it("has a page for every path of lib/paths.ts", () => {
    const samples = [
      ...Object.values(paths).filter((p) => typeof p === "string"),
      paths.registerWithReferral("x"),
      paths.loginAdmin("x", "y"),
      paths.addInvestmentOne("x"),
      paths.invoiceOne("x"),
      paths.invoiceWdOne("x"),
      paths.invoiceBalanceOne("x"),
      paths.tradePair("BTC", "bitcoin"),
      paths.adminMember("x"),
      paths.adminInboxChat("x"),
    ];
    const unmatched = samples.filter((path) => {
      const page = matchRoutes(routes, path)?.at(-1);
      return !page || page.route.path === "*";
    });
    expect(unmatched).toEqual([]);
  });

  it("tells signed-in pages (whose member is read as the app boots) from visitor pages", () => {
    for (const path of [
      paths.dashboard,
      paths.wallet,
      paths.tradePair("BTC", "bitcoin"),
      paths.admin,
      paths.adminAudit,
    ])
      expect(isMemberPath(path), path).toBe(true);
    for (const path of [
      paths.login,
      paths.register,
      paths.forgotPassword,
      paths.verifyEmail,
      paths.resetPassword,
      "/no-such-page",
    ])
      expect(isMemberPath(path), path).toBe(false);
  });
});
