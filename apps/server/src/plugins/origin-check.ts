import type { onRequestHookHandler } from "fastify";
import fp from "fastify-plugin";
import { AppError, ORIGIN_REFUSED_MESSAGE } from "../platform/http/errors.ts";

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

const needsCheck = (method: string | string[], url: string) =>
  [method].flat().some((m) => UNSAFE_METHODS.has(m)) && url.startsWith("/api/") && !url.startsWith("/api/auth/");

/**
 * Cookie-authenticated writes must come from our own pages (better-auth checks its own routes).
 * The check is attached to each write route as it is declared, so reads never pay for it.
 */
export const originCheck = fp<{ trustedOrigins: ReadonlySet<string> }>(
  async (app, { trustedOrigins }) => {
    const checkOrigin: onRequestHookHandler = (request, _reply, done) => {
      const origin = request.headers.origin;
      if (origin && trustedOrigins.has(origin)) return done();
      done(new AppError(403, "FORBIDDEN", ORIGIN_REFUSED_MESSAGE));
    };
    app.addHook("onRoute", (route) => {
      if (!needsCheck(route.method, route.url)) return;
      route.onRequest = [checkOrigin, ...[route.onRequest ?? []].flat()];
    });
  },
  { name: "origin-check" },
);
