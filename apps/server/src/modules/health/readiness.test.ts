import { API } from "@helio/shared";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Client, createTestApp, databaseKinds, signInAdmin, type TestApp } from "../../../test/helpers.ts";
import { beginDraining } from "./index.ts";

describe.each(databaseKinds)("readiness on %s", (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(kind);
  });
  afterEach(async () => {
    await t.close();
  });

  it("answers 200 while serving and 503 from the moment shutdown begins, while the process still serves", async () => {
    const client = await signInAdmin(t.app);
    const ready = await client.get(API.ready);
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ready" });
    expect(ready.headers["cache-control"]).toBe("no-store");

    // A health check has asked, so the drain waits: readiness is 503 at once, requests still served.
    const drained = beginDraining(t.app.services, 300);
    const during = await client.get(API.ready);
    expect(during.statusCode).toBe(503);
    expect(during.json()).toEqual({ status: "draining" });
    expect((await client.get(API.health)).statusCode).toBe(200);
    expect((await client.get(API.adminSettings)).statusCode).toBe(200);
    expect(await drained).toEqual({ waitedMs: 300 });
    expect((await client.get(API.ready)).statusCode).toBe(503);
  });

  it("skips the drain when nothing ever checked readiness (a lone process stops at once)", async () => {
    const started = Date.now();
    expect(await beginDraining(t.app.services, 5000)).toEqual({ waitedMs: 0 });
    expect(Date.now() - started).toBeLessThan(1000);
    expect((await new Client(t.app).get(API.ready)).statusCode).toBe(503);
  });
});
