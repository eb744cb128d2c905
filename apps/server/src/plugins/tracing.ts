import type { Span } from "@opentelemetry/api";
import fp from "fastify-plugin";
import { endRequestSpan, startRequestSpan } from "../platform/tracing/tracing.ts";

/** A span per HTTP request (named by its route pattern), the parent of what the request does. */
export const requestTracing = fp(
  async (app) => {
    const spans = new WeakMap<object, Span>();
    app.addHook("onRequest", (request, _reply, done) => {
      const route = request.routeOptions.url ?? "unmatched";
      const span = startRequestSpan(
        `${request.method} ${route}`,
        request.id,
        { "http.request.method": request.method, "http.route": route, "url.path": request.url.split("?")[0] ?? "" },
        done,
      );
      spans.set(request, span);
    });
    app.addHook("onResponse", (request, reply, done) => {
      const span = spans.get(request);
      if (span) endRequestSpan(span, reply.statusCode);
      done();
    });
  },
  { name: "request-tracing" },
);
