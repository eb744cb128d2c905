import fp from "fastify-plugin";
import { AppError } from "../platform/http/errors.ts";

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Cookie-authenticated writes must come from our own pages (better-auth checks its own routes). */
export const originCheck = fp<{ trustedOrigins: ReadonlySet<string> }>(
  async (app, { trustedOrigins }) => {
    app.addHook("onRequest", async (request) => {
      const { method, url } = request;
      if (!UNSAFE_METHODS.has(method) || !url.startsWith("/api/") || url.startsWith("/api/auth/")) return;
      const origin = request.headers.origin;
      if (!origin || !trustedOrigins.has(origin)) {
        throw new AppError(
          403,
          "FORBIDDEN",
          "Cross-site request refused: the Origin header is missing or not trusted.",
        );
      }
    });
  },
  { name: "origin-check" },
);
