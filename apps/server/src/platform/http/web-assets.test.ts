import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helpers.ts";

// The web build writes assets/x.js.br and .gz next to each hashed asset (apps/web/build/precompress.ts).
const SOURCE = `export const greeting = ${JSON.stringify("hello ".repeat(400))};\n`;

describe("the built web app's static assets", () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), "helio-dist-"));
    fs.mkdirSync(path.join(dist, "assets"));
    fs.writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>Helio</title>");
    const asset = path.join(dist, "assets", "main-abc123.js");
    fs.writeFileSync(asset, SOURCE);
    fs.writeFileSync(`${asset}.br`, zlib.brotliCompressSync(SOURCE));
    fs.writeFileSync(`${asset}.gz`, zlib.gzipSync(SOURCE));
    // Built without compressed copies (too small to be worth them).
    fs.writeFileSync(path.join(dist, "assets", "tiny-def456.js"), "console.log(1)");
    t = await createTestApp("pglite", { env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it("sends the brotli file to a browser that accepts br, cached for a year as immutable", async () => {
    const res = await t.app.inject({
      url: "/assets/main-abc123.js",
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(SOURCE);
  });

  it("sends the gzip file when br is not accepted, and the plain file when nothing is", async () => {
    const gz = await t.app.inject({ url: "/assets/main-abc123.js", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(SOURCE);

    const plain = await t.app.inject({ url: "/assets/main-abc123.js", headers: { "accept-encoding": "identity" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(SOURCE);
  });

  it("answers a page address with broken percent-encoding with the app (its not-found page), an API one with JSON", async () => {
    const page = await t.app.inject({ url: "/invoice-wd/%E0%A4%A" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.body).toContain("<title>Helio</title>");
    const api = await t.app.inject({ url: "/api/withdrawals/%E0%A4%A" });
    expect(api.statusCode).toBe(400);
    expect(api.json().error.code).toBe("VALIDATION_FAILED");
  });

  it("falls back to the plain file when no compressed copy was built", async () => {
    const res = await t.app.inject({ url: "/assets/tiny-def456.js", headers: { "accept-encoding": "br, gzip" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.body).toBe("console.log(1)");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("answers index.html uncompressed and never cached, at / and on app routes", async () => {
    for (const url of ["/", "/login", "/trade/BTC/bitcoin"]) {
      const res = await t.app.inject({ url, headers: { "accept-encoding": "br, gzip" } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"], url).toMatch(/text\/html/);
      expect(res.headers["cache-control"], url).toBe("no-cache");
      expect(res.body, url).toContain("<title>Helio</title>");
    }
  });
});
