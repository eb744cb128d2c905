import type { FastifyBaseLogger, FastifyServerOptions } from "fastify";
import type { Bindings, ChildLoggerOptions, FastifyChildLoggerFactory } from "fastify/types/logger.js";

/** The logger calls a service makes, in pino's `(object, message)` form: Fastify's `app.log` has them all. */
export type LogTo<Level extends "debug" | "info" | "warn" | "error"> = {
  [L in Level]: (obj: object, msg: string) => void;
};

/** Tokens that travel in paths or query strings are masked before a URL reaches the log. */
export function maskUrl(url: string): string {
  return url
    .replace(/(\/login-admin\/[^/]+\/)[^/?#]+/, "$1[redacted]")
    .replace(/(\/reset-password\/)[^/?#]+/, "$1[redacted]")
    .replace(/([?&](token|code)=)[^&#]+/g, "$1[redacted]");
}

export function loggerOptions(level: string): FastifyServerOptions["logger"] {
  return {
    level,
    redact: {
      paths: [
        "req.headers.cookie",
        "req.headers.authorization",
        'res.headers["set-cookie"]',
        "password",
        "newPassword",
        "currentPassword",
        "*.password",
        "*.newPassword",
        "*.currentPassword",
      ],
      censor: "[redacted]",
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string; headers?: Record<string, unknown> }) => ({
        method: req.method,
        url: maskUrl(req.url),
        ip: req.ip,
        userAgent: req.headers?.["user-agent"],
      }),
    },
  };
}

/**
 * Fastify gives every request a child logger carrying its id, and pino builds a child at once:
 * it serialises and redacts the bindings, a cost every request paid although a healthy one writes
 * no line (`REQUEST_LOG`). This one makes that same pino child on the request's first log call.
 */
class LazyChildLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined;
  private readonly parent: FastifyBaseLogger;
  private readonly bindings: Bindings;
  private readonly options: ChildLoggerOptions;
  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.parent = parent;
    this.bindings = bindings;
    this.options = options;
  }
  #real(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings, this.options);
    return this.#child;
  }
  #log(level: "fatal" | "error" | "warn" | "info" | "debug" | "trace", args: unknown[]) {
    const real = this.#real();
    (real[level] as (...logArgs: unknown[]) => void).apply(real, args);
  }
  get level(): string {
    return this.#child?.level ?? this.options.level ?? this.parent.level;
  }
  set level(level: string) {
    this.#real().level = level;
  }
  fatal(...args: unknown[]) {
    this.#log("fatal", args);
  }
  error(...args: unknown[]) {
    this.#log("error", args);
  }
  warn(...args: unknown[]) {
    this.#log("warn", args);
  }
  info(...args: unknown[]) {
    this.#log("info", args);
  }
  debug(...args: unknown[]) {
    this.#log("debug", args);
  }
  trace(...args: unknown[]) {
    this.#log("trace", args);
  }
  silent() {}
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#real().child(bindings, options);
  }
}

export const lazyChildLogger: FastifyChildLoggerFactory = (logger, bindings, options) =>
  new LazyChildLogger(logger, bindings, options);
