import fp from "fastify-plugin";

export type RequestLogMode = "all" | "problems" | "off";

/**
 * One log line per finished request, chosen by `REQUEST_LOG`:
 * - `problems` (default): only answers that went wrong on our side (5xx, at error) or took longer
 *   than `slowMs` (at warn); a healthy request writes nothing, so logging costs it nothing.
 * - `all`: every request at info, with its status and time (an access log).
 * - `off`: none (a load balancer in front keeps the access log).
 * Failures are also logged with their error by the error handler; this line adds the timing.
 */
export const requestLog = fp<{ mode: RequestLogMode; slowMs: number }>(
  async (app, { mode, slowMs }) => {
    if (mode === "off") return;
    app.addHook("onResponse", (request, reply, done) => {
      const status = reply.statusCode;
      const ms = reply.elapsedTime;
      if (mode === "all") request.log.info({ req: request, status, ms }, "request completed");
      else if (status >= 500) request.log.error({ req: request, status, ms }, "request completed with a server error");
      else if (ms > slowMs) request.log.warn({ req: request, status, ms }, "slow request");
      done();
    });
  },
  { name: "request-log" },
);
