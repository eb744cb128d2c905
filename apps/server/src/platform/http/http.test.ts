import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { API } from "@helio/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Client,
  createTestApp,
  databaseKinds,
  memberInput,
  ORIGIN,
  signUpVerified,
  type TestApp,
} from "../../../test/helpers.ts";
import { API_HEADER_NAMES } from "../../plugins/security-headers.ts";
import { maskUrl } from "./logging.ts";

/** Path parameters written as `{}`, whatever their name, so API builders and OpenAPI paths compare. */
const normalise = (p: string) => p.replace(/\{[^}]+\}/g, "{}");
const PARAM = "__param__";
/**
 * Every HTTP route of the app: each path in `API` (static, or built from one parameter), except
 * the files prefix, the WebSocket and better-auth's own paths (served by its catch-all, listed
 * once), plus that catch-all and the avatar files.
 */
const EXPECTED_PATHS = [
  ...Object.values(API)
    .map((entry) =>
      typeof entry === "string"
        ? entry
        : (entry as (...params: string[]) => string)(...Array<string>(entry.length).fill(PARAM)).replaceAll(
            PARAM,
            "{}",
          ),
    )
    .filter((p) => p !== API.files && p !== API.ws && !p.startsWith("/api/auth/")),
  "/api/auth/{}",
  `${API.files}/avatars/{}`,
].sort();

describe.each(databaseKinds)("http platform on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    // Routes can still be added until the first request makes the app ready.
    t.app.get("/api/test-boom", { schema: { hide: true } }, async () => {
      throw new Error("database password is hunter2 at /srv/secret.ts:12");
    });
  });
  afterAll(async () => t?.close());

  it("answers the health check", async () => {
    const res = await t.app.inject({ url: API.health });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok" });
  });

  it("answers an unknown API path with a NOT_FOUND error", async () => {
    for (const method of ["GET", "POST"] as const) {
      const res = await new Client(t.app).request({ method, url: "/api/no-such-thing?x=1" });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        error: { code: "NOT_FOUND", message: `No route for ${method} /api/no-such-thing` },
      });
    }
  });

  it("documents every HTTP route in /api/openapi.json", async () => {
    const res = await t.app.inject({ url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    // Both ways: every API path is documented, and every documented route is in API (paths.ts).
    expect([...new Set(Object.keys(doc.paths).map(normalise))].sort()).toEqual([...new Set(EXPECTED_PATHS)]);
    expect(Object.keys(doc.paths[API.profile] ?? {})).toEqual(["put"]);
    expect(Object.keys(doc.paths["/api/admin/members/{uid}/status"] ?? {})).toEqual(["post"]);
    // And each documented path is a real route.
    for (const [p, methods] of Object.entries(doc.paths)) {
      const url = p.replace("{path}", "*").replace(/\{(\w+)\}/g, ":$1");
      for (const method of Object.keys(methods)) {
        expect(t.app.hasRoute({ method: method.toUpperCase() as "GET", url }), `${method} ${url}`).toBe(true);
      }
    }
  });

  it("refuses cookie-authenticated writes without our Origin", async () => {
    const { client } = await signUpVerified(t.app);
    const body = JSON.stringify({ firstName: "Eve", lastName: "Hacker", currency: "USD" });
    const send = (headers: Record<string, string>) =>
      t.app.inject({
        method: "PUT",
        url: API.profile,
        headers: { cookie: client.cookieHeader, "content-type": "application/json", ...headers },
        payload: body,
      });
    for (const res of [
      await send({}),
      await send({ origin: "https://evil.example" }),
      await send({ origin: `${ORIGIN}.evil.example` }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe("FORBIDDEN");
    }
    expect((await client.get(API.me)).json().firstName).toBe("Ada");
    // Our own pages' requests pass, and reads need no Origin.
    expect((await send({ origin: ORIGIN })).statusCode).toBe(200);
    const read = await t.app.inject({ url: API.me, headers: { cookie: client.cookieHeader } });
    expect(read.statusCode).toBe(200);
    expect(read.json().firstName).toBe("Eve");
  });

  it("refuses a write without our Origin on every documented write route, before anything else runs", async () => {
    const { client } = await signUpVerified(t.app);
    const doc = (await t.app.inject({ url: "/api/openapi.json" })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    // better-auth's own routes check their origin themselves (the next test).
    const ours = Object.entries(doc.paths).filter(([path]) => !path.startsWith("/api/auth/"));
    const writes = ours.flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter((m) => ["post", "put", "patch", "delete"].includes(m))
        .map((m) => ({ method: m.toUpperCase() as "POST", url: path.replace(/\{[^}]+\}/g, "x") })),
    );
    expect(writes.length).toBeGreaterThan(30);
    for (const { method, url } of writes) {
      const res = await t.app.inject({ method, url, headers: { cookie: client.cookieHeader } });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error.code, `${method} ${url}`).toBe("FORBIDDEN");
    }
  });

  it("refuses a foreign Origin on better-auth's own endpoints", async () => {
    const { client } = await signUpVerified(t.app);
    const signOut = (headers: Record<string, string>) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/sign-out",
        headers: { cookie: client.cookieHeader, "content-type": "application/json", ...headers },
        payload: "{}",
      });
    for (const res of [await signOut({ origin: "https://evil.example" }), await signOut({})]) {
      expect(res.statusCode).toBe(403);
      expect(res.headers["set-cookie"]).toBeUndefined();
    }
    expect((await client.get(API.me)).statusCode).toBe(200);
    expect((await signOut({ origin: ORIGIN })).statusCode).toBe(200);
  });

  it("answers the API with a policy that allows nothing, and pages with a self-only one", async () => {
    const res = await t.app.inject({ url: API.health });
    expect(res.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    const docs = await t.app.inject({ url: "/api/docs/" });
    expect(docs.headers["content-type"]).toContain("text/html");
    const csp = String(docs.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/https?:|\*|'unsafe-eval'/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
    // An API answer carries the headers that act on it, and none of those that act on pages only.
    for (const name of API_HEADER_NAMES.filter((n) => n !== "strict-transport-security")) {
      expect(res.headers[name], name).toBeTruthy();
    }
    for (const name of [
      "cross-origin-opener-policy",
      "origin-agent-cluster",
      "x-xss-protection",
      "x-dns-prefetch-control",
    ]) {
      expect(res.headers[name], name).toBeUndefined();
      expect(docs.headers[name], name).toBeTruthy();
    }
    // Plain http PUBLIC_URL: no HSTS, no upgrade.
    expect(res.headers["strict-transport-security"]).toBeUndefined();
    expect(csp).not.toContain("upgrade-insecure-requests");
  });

  it("sends the same security headers on refusals and errors as on answers", async () => {
    const ok = await t.app.inject({ url: API.health });
    const refusals = [
      await t.app.inject({ url: "/api/no-such-route" }),
      await t.app.inject({ method: "POST", url: API.me, payload: {} }),
    ];
    for (const res of refusals) {
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      for (const name of ["content-security-policy", "x-content-type-options", "x-frame-options", "referrer-policy"]) {
        expect(res.headers[name], `${name} on ${res.statusCode}`).toBe(ok.headers[name]);
      }
    }
  });

  it("lists sent mail in the development outbox", async () => {
    const input = memberInput();
    expect((await new Client(t.app).post(API.register, input)).statusCode).toBe(201);
    const res = await t.app.inject({ url: `${API.outbox}?to=${encodeURIComponent(input.email)}` });
    expect(res.statusCode).toBe(200);
    const { items } = res.json() as { items: { to: string; subject: string; text: string; createdAt: string }[] };
    expect(items).toHaveLength(1);
    expect(items[0]?.to).toBe(input.email);
    expect(items[0]?.text).toMatch(/https?:\/\/\S+verify-email/);
    expect(new Date(items[0]?.createdAt ?? "").getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it("answers an unexpected error with 500 INTERNAL and no details", async () => {
    const res = await t.app.inject({ url: "/api/test-boom" });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: { code: "INTERNAL", message: "Something went wrong. Please try again." } });
    expect(res.body).not.toMatch(/hunter2|secret\.ts|stack|at /);
  });

  it("refuses a multipart body on a route that takes no upload with a 400 naming the body", async () => {
    const { client } = await signUpVerified(t.app);
    const res = await client.request({
      method: "PUT",
      url: API.profile,
      headers: { "content-type": "multipart/form-data; boundary=x" },
      payload: '--x\r\ncontent-disposition: form-data; name="firstName"\r\n\r\nEve\r\n--x--\r\n',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: "VALIDATION_FAILED", fields: [{ field: "body" }] });
    expect((await client.get(API.me)).json().firstName).toBe("Ada");
  });

  it("refuses a form-encoded body where JSON is expected with 415 UNSUPPORTED_MEDIA_TYPE", async () => {
    const { client } = await signUpVerified(t.app);
    const res = await client.request({
      method: "PUT",
      url: API.profile,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "firstName=Eve",
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
    expect((await client.get(API.me)).json().firstName).toBe("Ada");
  });

  it("answers a malformed JSON body with 400, not 500", async () => {
    const { client } = await signUpVerified(t.app);
    const res = await client.request({
      method: "PUT",
      url: API.profile,
      headers: { "content-type": "application/json" },
      payload: "{nope",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("VALIDATION_FAILED");
  });
});

describe.each(databaseKinds)("http platform in production on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { NODE_ENV: "production", PUBLIC_URL: "https://helio.example" } });
  });
  afterAll(async () => t?.close());

  it("has no development outbox", async () => {
    const res = await t.app.inject({ url: API.outbox });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("NOT_FOUND");
    const doc = (await t.app.inject({ url: "/api/openapi.json" })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).not.toContain(API.outbox);
  });

  it("asks browsers for https only behind an https PUBLIC_URL", async () => {
    const res = await t.app.inject({ url: API.health });
    expect(res.statusCode).toBe(200);
    expect(res.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
    const docs = await t.app.inject({ url: "/api/docs/" });
    expect(String(docs.headers["content-security-policy"])).toContain("upgrade-insecure-requests");
  });
});

describe("maskUrl", () => {
  it.each([
    ["/login-admin/ada_1/abcDEF123-_xyz", "/login-admin/ada_1/[redacted]"],
    ["/login-admin/ada_1/abcDEF123?x=1", "/login-admin/ada_1/[redacted]?x=1"],
    [
      "/api/auth/reset-password/Tok3n_value?callbackURL=%2Freset",
      "/api/auth/reset-password/[redacted]?callbackURL=%2Freset",
    ],
    [
      "/api/auth/verify-email?token=eyJhbGciOi.abc.def&callbackURL=%2F",
      "/api/auth/verify-email?token=[redacted]&callbackURL=%2F",
    ],
    ["/reset-password?error=x&token=abc123", "/reset-password?error=x&token=[redacted]"],
    ["/callback?code=secret-code", "/callback?code=[redacted]"],
    ["/api/me", "/api/me"],
    ["/api/admin/members?search=token", "/api/admin/members?search=token"],
  ])("masks %s", (url, masked) => {
    expect(maskUrl(url)).toBe(masked);
  });
});

describe("the built web app", () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), "helio-dist-"));
    fs.mkdirSync(path.join(dist, "assets"));
    fs.writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>Helio</title>");
    fs.writeFileSync(path.join(dist, "assets", "app-abc123.js"), "console.log(1)");
    t = await createTestApp("pglite", { env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it("serves index.html at / and for every app route, never cached", async () => {
    for (const url of ["/", "/profile", "/trade/BTC/bitcoin", "/no-such-page"]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"]).toMatch(/text\/html/);
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.body).toContain("<title>Helio</title>");
    }
  });

  it("serves hashed assets as immutable, and a file added after start too", async () => {
    const asset = await t.app.inject({ url: "/assets/app-abc123.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toContain("immutable");
    fs.writeFileSync(path.join(dist, "assets", "later-def456.js"), "console.log(2)");
    expect((await t.app.inject({ url: "/assets/later-def456.js" })).statusCode).toBe(200);
  });

  it("keeps unknown API paths as JSON 404s", async () => {
    const res = await t.app.inject({ url: "/api/nothing-here" });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("NOT_FOUND");
  });
});
