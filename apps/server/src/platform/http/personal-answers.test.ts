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
  signInAdmin,
  signUpVerified,
  type TestApp,
} from "../../../test/helpers.ts";

/** A built web app in miniature: the page, one hashed asset, one unhashed file. */
function fakeWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "helio-web-"));
  fs.mkdirSync(path.join(dir, "assets"));
  fs.writeFileSync(
    path.join(dir, "index.html"),
    '<!doctype html><html><head><meta property="csp-nonce" nonce="__CSP_NONCE__" /></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(dir, "assets", "index-abc123.js"), "console.log(1)");
  fs.writeFileSync(path.join(dir, "favicon.svg"), "<svg/>");
  return dir;
}

describe.each(databaseKinds)("personal answers on %s", (kind) => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = fakeWebDist();
    t = await createTestApp(kind, { env: { WEB_DIST: webDist, TRUST_PROXY: "true" } });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it("marks every authenticated JSON answer no-store, and leaves public and static answers cacheable", async () => {
    const { client } = await signUpVerified(t.app);
    for (const url of [API.me, API.wallet, API.signIns, "/api/auth/get-session", "/api/auth/list-sessions"]) {
      const res = await client.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"], url).toMatch(/application\/json/);
      expect(res.headers["cache-control"], url).toBe("no-store");
    }
    // Refused for want of a session: still nothing worth caching.
    expect((await new Client(t.app).get(API.wallet)).headers["cache-control"]).toBe("no-store");

    expect((await client.get(API.health)).headers["cache-control"]).toBeUndefined();
    const asset = await client.get("/assets/index-abc123.js");
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await client.get("/favicon.svg")).headers["cache-control"]).toBe("no-cache");
    expect((await client.get("/wallet")).headers["cache-control"]).toBe("no-cache");
  });

  it("allows scripts and styles by a per-answer nonce on the page, and never 'unsafe-inline'", async () => {
    const client = new Client(t.app);
    const nonces = new Set<string>();
    for (const url of ["/", "/index.html", "/wallet", "/trade/BTCUSDT"]) {
      const res = await client.get(url);
      expect(res.statusCode, url).toBe(200);
      const csp = String(res.headers["content-security-policy"]);
      const nonce = csp.match(/style-src 'self' 'nonce-([A-Za-z0-9+/=]{24})'(;|$)/)?.[1];
      expect(nonce, csp).toBeDefined();
      expect(res.body).toContain(`<meta property="csp-nonce" nonce="${nonce}" />`);
      expect(res.body).not.toContain("__CSP_NONCE__");
      expect(csp).not.toContain("unsafe-inline");
      expect(csp).toContain(`script-src 'self' 'nonce-${nonce}';`);
      expect(csp).toContain("frame-ancestors 'none'");
      nonces.add(nonce as string);
    }
    expect(nonces.size).toBe(4);
    const asset = String((await client.get("/assets/index-abc123.js")).headers["content-security-policy"]);
    expect(asset).toMatch(/style-src 'self'(;|$)/);
    expect(asset).toContain("script-src 'self';");
    const api = String((await client.get(API.health)).headers["content-security-policy"]);
    expect(api).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it("serves the development outbox to loopback requests and admins only, whatever X-Forwarded-For says", async () => {
    const input = memberInput();
    expect((await new Client(t.app).post(API.register, input)).statusCode).toBe(201);
    const url = `${API.outbox}?to=${encodeURIComponent(input.email)}`;
    const from = (remoteAddress: string, headers: Record<string, string> = {}) =>
      t.app.inject({ url, remoteAddress, headers });

    for (const local of ["127.0.0.1", "::1", "::ffff:127.0.0.1"]) {
      const res = await from(local);
      expect(res.statusCode, local).toBe(200);
      expect(res.json().items).toHaveLength(1);
      expect(res.headers["cache-control"]).toBe("no-store");
    }
    const stranger = await from("203.0.113.7");
    expect(stranger.statusCode).toBe(404);
    expect(stranger.body).not.toContain(input.email);
    // TRUST_PROXY is on: request.ip would believe the header; the outbox looks at the socket.
    const spoofed = await from("203.0.113.7", { "x-forwarded-for": "127.0.0.1" });
    expect(spoofed.statusCode).toBe(404);

    const member = (await signUpVerified(t.app)).client;
    const asMember = await t.app.inject({
      url,
      remoteAddress: "203.0.113.7",
      headers: { cookie: member.cookieHeader },
    });
    expect(asMember.statusCode).toBe(404);
    const admin = await signInAdmin(t.app);
    const asAdmin = await t.app.inject({ url, remoteAddress: "203.0.113.7", headers: { cookie: admin.cookieHeader } });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().items[0].to).toBe(input.email);
  });
});
