import type { FastifyServerOptions } from "fastify";

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
