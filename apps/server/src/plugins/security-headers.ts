import type { IncomingMessage, ServerResponse } from "node:http";
import fp from "fastify-plugin";
import helmet from "helmet";
import { cspDirectives } from "../platform/http/content-security.ts";

/**
 * Helmet's headers, worked out once: they depend on the configuration, never on the request.
 * Running helmet's middleware per request set eleven headers one by one on the raw response and
 * cost up to a third of the throughput of an empty route (67–75 k against 88–101 k req/s without it, at
 * 64 connections, twice each).
 */
function securityHeaderValues(secureCookies: boolean): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  const middleware = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(secureCookies) },
    hsts: secureCookies,
  });
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * A JSON answer (or a file the API serves) loads nothing and is never framed: its policy says
 * only that, in a header a fraction of the page's size. The API's HTML docs keep the page policy.
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";
/**
 * Of helmet's headers, the ones that act on an answer that is not a page (OWASP's set for REST
 * services): not sniffed, not framed, not readable cross-origin, HTTPS only, and no referrer
 * passed on by a redirect (the e-mail links' redirects carry tokens). The others (opener policy,
 * agent cluster, DNS prefetch, IE's download and XSS switches, Flash's cross-domain policy) act on
 * documents only, and every header costs each answer its bytes and Node's checks.
 */
export const API_HEADER_NAMES = [
  "content-security-policy",
  "cross-origin-resource-policy",
  "x-content-type-options",
  "x-frame-options",
  "referrer-policy",
  "strict-transport-security",
] as const;
const isApiAnswer = (url: string) => url.startsWith("/api/") && !url.startsWith("/api/docs");

/** Helmet's headers on every page, the API's few on every API answer; HSTS behind HTTPS on both. */
export const securityHeaders = fp<{ secureCookies: boolean }>(
  async (app, { secureCookies }) => {
    const pageHeaders = securityHeaderValues(secureCookies);
    const apiHeaders = Object.fromEntries(
      API_HEADER_NAMES.filter((name) => name in pageHeaders).map((name) => [name, pageHeaders[name]]),
    );
    apiHeaders["content-security-policy"] = API_CONTENT_SECURITY_POLICY;
    app.addHook("onRequest", (request, reply, done) => {
      reply.headers(isApiAnswer(request.url) ? apiHeaders : pageHeaders);
      done();
    });
  },
  { name: "security-headers" },
);
