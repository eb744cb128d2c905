import fp from "fastify-plugin";
import helmet from "helmet";
import { cspDirectives } from "../platform/http/content-security.ts";

/** Helmet's headers on every answer: the content security policy, and HSTS behind HTTPS. */
export const securityHeaders = fp<{ secureCookies: boolean }>(
  async (app, { secureCookies }) => {
    // Built once: @fastify/helmet rebuilds the middleware (parsing the policy) on every request.
    const headers = helmet({
      contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(secureCookies) },
      hsts: secureCookies,
    });
    app.addHook("onRequest", (request, reply, done) =>
      headers(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)),
    );
  },
  { name: "security-headers" },
);
