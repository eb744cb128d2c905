import { type FastifyReply, type FastifyRequest, LogController } from "fastify";

export type RequestLogMode = "all" | "problems" | "off";

/**
 * Fastify's own per-request log lines, chosen by `REQUEST_LOG` (one line per finished request,
 * none on arrival):
 * - `problems` (default): only answers that went wrong on our side (5xx, at error) or took longer
 *   than `slowMs` (at warn); a healthy request writes nothing, so logging costs it nothing.
 * - `all`: every request at info, with its status and time (an access log).
 * - `off`: none (a load balancer in front keeps the access log).
 * Failures are also logged with their error by our error handler; this line adds the timing.
 */
export class RequestLog extends LogController {
  private readonly mode: RequestLogMode;
  private readonly slowMs: number;
  constructor(mode: RequestLogMode, slowMs: number) {
    super();
    this.mode = mode;
    this.slowMs = slowMs;
  }

  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.mode === "off") return;
    const status = reply.statusCode;
    const ms = reply.elapsedTime;
    const line = { req: request, status, ms, ...(error ? { err: error } : {}) };
    if (this.mode === "all") request.log.info(line, "request completed");
    else if (status >= 500 || error) request.log.error(line, "request completed with a server error");
    else if (ms > this.slowMs) request.log.warn(line, "slow request");
  }
}
