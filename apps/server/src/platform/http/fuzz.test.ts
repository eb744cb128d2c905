import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authRequests, type FuzzRequest, type OpenApi, requestsFromOpenApi } from "../../../test/fuzz.ts";
import {
  Client,
  createTestApp,
  databaseKinds,
  signInAdmin,
  signUpVerified,
  type TestApp,
} from "../../../test/helpers.ts";

/**
 * Every operation of /api/openapi.json, and better-auth's endpoints, attacked with malformed
 * input (wrong types, control characters, lone surrogates, huge strings, impossible dates, bad
 * multipart, foreign origins) as a signed-out client, a member and an admin. No answer may be a
 * 5xx, and none may take 5 s or more. The figure it prints is the one in docs/operations.md (Security).
 */
const SEED = 17;
const PER_FIELD = 1;
const SLOW_MS = 5_000;
/** Of the attacks on an operation that turns a role away, one in this many is sent as that role. */
const LOCKED_OUT_EVERY = 8;
const FOREIGN_ORIGIN = "https://evil.example";

describe.each(databaseKinds)("fuzzing every operation (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it("answers malformed requests with 4xx, never a 5xx, each in under 5 s", { timeout: 600_000 }, async () => {
    const doc = (await t.app.inject({ url: "/api/openapi.json" })).json() as OpenApi;
    const requests = [
      ...requestsFromOpenApi(doc, { seed: SEED, perField: PER_FIELD }),
      ...authRequests({ seed: SEED, perField: PER_FIELD }),
    ];
    const roles: [string, Client][] = [
      ["signed-out", new Client(t.app)],
      ["member", (await signUpVerified(t.app)).client],
      ["admin", await signInAdmin(t.app)],
    ];
    const failures: string[] = [];
    let sent = 0;
    let slowest = { ms: 0, label: "" };
    const started = Date.now();
    const hit = async (role: string, client: Client, request: FuzzRequest) => {
      const begin = performance.now();
      const res = await send(client, request);
      const ms = performance.now() - begin;
      sent += 1;
      if (ms > slowest.ms) slowest = { ms, label: `${role} ${request.label}` };
      if (res.statusCode >= 500 || ms >= SLOW_MS)
        failures.push(`${role} ${request.label}: ${res.statusCode} in ${Math.round(ms)} ms ${res.body.slice(0, 200)}`);
      else if (res.statusCode >= 400) expectErrorShape(res.body, `${role} ${request.label}`, failures);
      return res.statusCode;
    };
    const operations = new Map<string, FuzzRequest[]>();
    for (const r of requests) operations.set(r.operation, [...(operations.get(r.operation) ?? []), r]);
    const turnedAway = (status: number) => status === 401 || status === 403 || status === 404;
    for (const [, group] of operations) {
      const baseline = group.find((r) => r.baseline);
      const attacks = group.filter((r) => !r.baseline);
      const statuses: number[] = [];
      for (const [role, client] of roles) statuses.push(baseline ? await hit(role, client, baseline) : 200);
      const someoneLetIn = statuses.some((status) => !turnedAway(status));
      for (const [i, [role, client]] of roles.entries()) {
        // A role the operation turns away (when another gets in) still gets a few attacks, since
        // validation comes first; the roles it lets in get them all.
        const lockedOut = someoneLetIn && turnedAway(statuses[i] as number);
        for (const request of lockedOut ? attacks.filter((_, j) => j % LOCKED_OUT_EVERY === 0) : attacks)
          await hit(role, client, request);
      }
    }
    const figure = `fuzz (${kind}): ${sent} requests, ${failures.length} failures (5xx or >= 5 s), slowest ${Math.round(slowest.ms)} ms (${slowest.label}), ${((Date.now() - started) / 1000).toFixed(1)} s in all`;
    console.info(figure);
    // To read every failure of a run: FUZZ_FAILURES_FILE=/tmp/fuzz.txt npx vitest run …
    if (process.env.FUZZ_FAILURES_FILE) fs.writeFileSync(process.env.FUZZ_FAILURES_FILE, failures.join("\n"));
    expect(failures, figure).toEqual([]);
    // The member was not signed out on the way (else the member-only checks went unexercised).
    expect((await roles[1]?.[1].get("/api/me"))?.statusCode).toBe(200);
  });
});

async function send(client: Client, request: FuzzRequest) {
  const headers: Record<string, string> = { ...request.headers };
  if (request.foreignOrigin) headers.origin = FOREIGN_ORIGIN;
  return client.request({ method: request.method, url: request.url, headers, payload: request.payload });
}

/** Every error, from our routes or better-auth's, is `{ error: { code, message } }` (never `null`). */
function expectErrorShape(body: string, label: string, failures: string[]) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    parsed = undefined;
  }
  const error = (parsed as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  if (typeof error?.code !== "string" || typeof error.message !== "string")
    failures.push(`${label}: error body is not { error: { code, message } }: ${body.slice(0, 200)}`);
}
