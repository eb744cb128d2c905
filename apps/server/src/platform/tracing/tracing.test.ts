import http from "node:http";
import type { AddressInfo } from "node:net";
import { API } from "@helio/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, databaseKinds, signInAdmin, signUpVerified, waitFor } from "../../../test/helpers.ts";
import { fundWallet } from "../../../test/money.ts";

type OtlpValue = { stringValue?: string; intValue?: string | number };
type OtlpSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes?: { key: string; value: OtlpValue }[];
};
type Received = { path: string; contentType: string; spans: OtlpSpan[] };

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes?.find((a) => a.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : String(value.intValue));
};

/** A stand-in for an OpenTelemetry collector: an OTLP/HTTP (JSON) receiver on loopback. */
function startCollector() {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
        resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[];
      };
      received.push({
        path: request.url ?? "",
        contentType: request.headers["content-type"] ?? "",
        spans: body.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)),
      });
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  return new Promise<{ url: string; received: Received[]; close: () => Promise<void> }>((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        received,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

// One collector for the file: the tracer is the process's, started once with the first endpoint.
let collector: Awaited<ReturnType<typeof startCollector>>;
beforeAll(async () => {
  collector = await startCollector();
});
afterAll(async () => collector?.close());

describe.each(databaseKinds)("traces on %s", (kind) => {
  it("exports the spans of a money request over OTLP: HTTP, the money operation, SQL, the bus, one trace and request id", async () => {
    const t = await createTestApp(kind, { env: { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url } });
    // What an earlier run of this file exported (the other database kind) is not this run's.
    const before = new Set(collector.received.flatMap((r) => r.spans).map((s) => s.spanId));
    let requestSpan: OtlpSpan | undefined;
    try {
      const admin = await signInAdmin(t.app);
      const { member } = await signUpVerified(t.app);
      await fundWallet(admin, member.uid, 1_500);
    } finally {
      await t.close(); // flushes the spans still batched
    }
    const spans = () => collector.received.flatMap((r) => r.spans);
    requestSpan = await waitFor(
      () => spans().find((s) => s.name === "POST /api/admin/members/:uid/adjust" && !before.has(s.spanId)),
      10_000,
      "the adjustment's HTTP span",
    );
    expect(collector.received[0]).toMatchObject({ path: "/v1/traces", contentType: "application/json" });
    const requestId = attribute(requestSpan, "helio.request_id");
    expect(requestId).toBeTruthy();
    expect(attribute(requestSpan, "http.response.status_code")).toBe("200");
    const inTrace = spans().filter((s) => s.traceId === requestSpan?.traceId);
    const money = inTrace.find((s) => s.name === "money.transaction");
    const post = inTrace.find((s) => s.name === "ledger.post");
    expect(money?.parentSpanId).toBe(requestSpan.spanId);
    expect(post && attribute(post, "helio.ledger.kind")).toBe("adjustment");
    expect(post?.parentSpanId).toBe(money?.spanId);
    const sql = inTrace.filter((s) => s.name === "sql");
    expect(sql.length).toBeGreaterThan(0);
    expect(sql.map((s) => attribute(s, "db.query.text")).join("\n")).toMatch(/select/i);
    expect(inTrace.find((s) => s.name === "bus.publish")).toBeDefined();
    // Every span of the request carries its id.
    for (const span of inTrace) expect(attribute(span, "helio.request_id"), span.name).toBe(requestId);
    expect(spans().some((s) => s.name === `GET ${API.me}`)).toBe(true);
  });
});
