import { Writable } from "node:stream";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { lazyChildLogger, loggerOptions } from "./logging.ts";
import { RequestLog, type RequestLogMode } from "./request-log.ts";

/** An app with the production logger options writing JSON lines into memory. */
async function appLogging(mode: RequestLogMode, slowMs = 60_000) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = Fastify({
    logger: { ...(loggerOptions("info") as object), stream },
    childLoggerFactory: lazyChildLogger,
    logController: new RequestLog(mode, slowMs),
  });
  app.get("/ok", async () => ({ ok: true }));
  app.get("/says", async (request) => {
    request.log.warn({ password: "hunter2", note: "kept" }, "a route's own line");
    return { ok: true };
  });
  app.get("/missing", async (_request, reply) => reply.code(404).send({ error: "none" }));
  app.get("/broken", async (_request, reply) => reply.code(503).send({ error: "down" }));
  return { app, lines, completed: () => lines.filter((l) => typeof l.status === "number") };
}

describe("request log", () => {
  it("makes a request's pino child only when the request logs, with its id and the redaction", async () => {
    const { app, lines } = await appLogging("off");
    const parent = app.log;
    let made = 0;
    const counting = Object.assign(Object.create(parent), {
      child: (...args: Parameters<typeof parent.child>) => {
        made++;
        return parent.child(...args);
      },
    }) as typeof parent;
    const make = (reqId: string) => lazyChildLogger.call(app as never, counting, { reqId }, {}, undefined as never);
    const quiet = make("req-quiet");
    expect(quiet.level).toBe("info");
    expect(made).toBe(0);
    const loud = make("req-loud");
    loud.warn({ password: "hunter2", body: { newPassword: "hunter3" }, note: "kept" }, "a route's own line");
    loud.info("again");
    expect(made).toBe(1);
    expect(lines).toEqual([
      expect.objectContaining({
        reqId: "req-loud",
        level: 40,
        password: "[redacted]",
        body: { newPassword: "[redacted]" },
        note: "kept",
      }),
      expect.objectContaining({ reqId: "req-loud", level: 30, msg: "again" }),
    ]);
    // Through Fastify: a route's line carries the request's id.
    await app.inject({ url: "/says" });
    expect(lines.at(-1)).toEqual(expect.objectContaining({ reqId: expect.any(String), msg: "a route's own line" }));
    await app.close();
  });

  it("writes nothing for healthy requests and one line for a server error, by default", async () => {
    const { app, completed } = await appLogging("problems");
    await app.inject({ url: "/ok" });
    await app.inject({ url: "/missing" });
    expect(completed()).toEqual([]);
    await app.inject({ url: "/broken?token=secret" });
    expect(completed()).toEqual([
      expect.objectContaining({
        level: 50,
        status: 503,
        req: expect.objectContaining({ url: "/broken?token=[redacted]" }),
      }),
    ]);
    await app.close();
  });

  it("logs a request slower than the threshold as slow", async () => {
    const { app, completed } = await appLogging("problems", 0);
    await app.inject({ url: "/ok" });
    expect(completed()).toEqual([expect.objectContaining({ level: 40, status: 200, msg: "slow request" })]);
    await app.close();
  });

  it("logs every request in the `all` mode and none in `off`", async () => {
    const all = await appLogging("all");
    await all.app.inject({ url: "/ok" });
    await all.app.inject({ url: "/missing" });
    expect(all.completed().map((l) => [l.level, l.status])).toEqual([
      [30, 200],
      [30, 404],
    ]);
    await all.app.close();
    const off = await appLogging("off", 0);
    await off.app.inject({ url: "/broken" });
    expect(off.completed()).toEqual([]);
    await off.app.close();
  });
});
