import { PGlite } from "@electric-sql/pglite";
import {
  type Attributes,
  type Context,
  context,
  createContextKey,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, type SpanProcessor, TracerProvider } from "@opentelemetry/sdk-trace";
import pg from "pg";

/**
 * OpenTelemetry traces, exported over OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT is set: spans for
 * HTTP requests, money operations, SQL statements and bus (Redis) publishes, each carrying the
 * request id (`helio.request_id`). Off by default, and then nothing is wrapped or recorded: every
 * helper below checks one boolean and calls straight through.
 */

const REQUEST_ID = createContextKey("helio.request_id");
const tracer = () => trace.getTracer("helio");
let provider: TracerProvider | null = null;

export const tracingOn = () => provider !== null;

/** Every span started under a request carries its id, SQL and money spans included. */
const requestIdProcessor: SpanProcessor = {
  onStart(span, parentContext: Context) {
    const id = parentContext.getValue(REQUEST_ID);
    if (typeof id === "string") span.setAttribute("helio.request_id", id);
  },
  onEnd() {},
  forceFlush: async () => {},
  shutdown: async () => {},
};

/**
 * Starts the tracer of this process (once: later calls keep the first), exporting to
 * `${endpoint}/v1/traces`. Returns what flushes and stops it.
 */
export function startTracing(endpoint: string, serviceName: string) {
  if (!provider) {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    provider = new TracerProvider({
      resource: resourceFromAttributes({ "service.name": serviceName }),
      spanProcessors: [
        requestIdProcessor,
        new BatchSpanProcessor({
          exporter: new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, "")}/v1/traces` }),
        }),
      ],
    });
    trace.setGlobalTracerProvider(provider);
    instrumentSql();
  }
  const started = provider;
  return { flush: () => started.forceFlush() };
}

const failed = (span: Span, error: unknown) => {
  if (error instanceof Error) span.recordException(error);
  span.setStatus({ code: SpanStatusCode.ERROR });
};

/** `fn` inside a span, a child of the current one (tracing on); else `fn` alone. */
export function traced<T>(name: string, attributes: Attributes, fn: () => Promise<T>): Promise<T> {
  if (!provider) return fn();
  return tracer().startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await fn();
    } catch (error) {
      failed(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

/**
 * An HTTP request's span, made the current context for the rest of its handling (`run` continues
 * Fastify's hooks inside it), with the request id for every span started under it.
 */
export function startRequestSpan(name: string, requestId: string, attributes: Attributes, run: () => void): Span {
  const span = tracer().startSpan(name, { kind: SpanKind.SERVER, attributes });
  span.setAttribute("helio.request_id", requestId);
  context.with(trace.setSpan(context.active(), span).setValue(REQUEST_ID, requestId), run);
  return span;
}

export function endRequestSpan(span: Span, statusCode: number): void {
  span.setAttribute("http.response.status_code", statusCode);
  if (statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
  span.end();
}

type Query = (...args: unknown[]) => unknown;

/** A client's `query`, in a span per statement: promise and callback forms alike. */
function tracedQuery(original: Query, system: string): Query {
  return function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === "string" ? first : first?.text;
    const span = tracer().startSpan("sql", {
      kind: SpanKind.CLIENT,
      attributes: { "db.system.name": system, "db.query.text": (text ?? "").slice(0, 2000) },
    });
    const last = args.at(-1);
    if (typeof last === "function") {
      args[args.length - 1] = (error: unknown, ...rest: unknown[]) => {
        if (error) failed(span, error);
        span.end();
        return (last as (...a: unknown[]) => unknown)(error, ...rest);
      };
      return original.apply(this, args);
    }
    let result: unknown;
    try {
      result = original.apply(this, args);
    } catch (error) {
      failed(span, error);
      span.end();
      throw error;
    }
    if (result && typeof (result as Promise<unknown>).then === "function") {
      return (result as Promise<unknown>).then(
        (value) => {
          span.end();
          return value;
        },
        (error) => {
          failed(span, error);
          span.end();
          throw error;
        },
      );
    }
    span.end();
    return result;
  };
}

/** Wraps the database clients' statements once, for every pool and database of the process. */
function instrumentSql() {
  const client = pg.Client.prototype as unknown as { query: Query };
  client.query = tracedQuery(client.query, "postgresql");
  const embedded = PGlite.prototype as unknown as { query: Query };
  embedded.query = tracedQuery(embedded.query, "postgresql");
}

/** The bus, each publish in a span (Redis, or the in-memory bus of one process). */
export function tracedBus<B extends { kind: string; publish(channel: string, message: unknown): Promise<void> }>(
  bus: B,
): B {
  if (!provider) return bus;
  return {
    ...bus,
    kind: bus.kind,
    publish: (channel: string, message: unknown) =>
      traced("bus.publish", { "messaging.system": bus.kind, "messaging.destination.name": channel }, () =>
        bus.publish(channel, message),
      ),
  };
}
