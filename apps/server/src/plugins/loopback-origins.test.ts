import { API } from "@helio/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, createTestApp, ORIGIN, signIn, signUpVerified, type TestApp } from "../../test/helpers.ts";
import { loadConfig } from "../config.ts";
import { listeningText } from "../listen-addresses.ts";

// The test apps' PUBLIC_URL is http://localhost:3000 (ORIGIN).
const LOOPBACK_127 = "http://127.0.0.1:3000";
const LOOPBACK_V6 = "http://[::1]:3000";

/** A browser on a page at `origin`: its requests carry that Origin and that Host. */
function browserAt(t: TestApp, origin: string) {
  const client = new Client(t.app, origin);
  const host = new URL(origin).host;
  const request = client.request.bind(client);
  client.request = (opts) => request({ ...opts, headers: { host, ...opts.headers } });
  return client;
}

const profile = { firstName: "Grace", lastName: "Hopper", currency: "USD" };

describe("the loopback names of a loopback PUBLIC_URL", () => {
  it("are trusted outside production only, and only for a loopback PUBLIC_URL", () => {
    const base = { PUBLIC_URL: "http://localhost:3000", AUTH_SECRET: "s".repeat(32) };
    expect(loadConfig({ ...base, NODE_ENV: "development" }).trustedOrigins).toEqual([LOOPBACK_127, LOOPBACK_V6]);
    expect(loadConfig({ ...base, NODE_ENV: "production" }).trustedOrigins).toEqual([]);
    expect(loadConfig({ PUBLIC_URL: "http://127.0.0.1:8080" }).trustedOrigins).toEqual([
      "http://localhost:8080",
      "http://[::1]:8080",
    ]);
    expect(loadConfig({ PUBLIC_URL: "http://helio.lan:3000" }).trustedOrigins).toEqual([]);
    expect(
      loadConfig({ PUBLIC_URL: "http://localhost:3000", TRUSTED_ORIGINS: "http://localhost:5173" }).trustedOrigins,
    ).toEqual(["http://localhost:5173", LOOPBACK_127, LOOPBACK_V6]);
  });

  it("are named plainly in the start log; another address says it cannot sign in", () => {
    const text = listeningText(loadConfig({ NODE_ENV: "development" }));
    expect(text(LOOPBACK_127)).toBe(`Server listening at ${LOOPBACK_127}`);
    expect(text("http://localhost:3000")).toBe("Server listening at http://localhost:3000");
    expect(text("http://192.168.1.20:3000")).toBe(
      "Server listening at http://192.168.1.20:3000 (sign-in and forms are refused at this address: open http://localhost:3000, or add http://192.168.1.20:3000 to TRUSTED_ORIGINS)",
    );
    const production = listeningText(
      loadConfig({ NODE_ENV: "production", PUBLIC_URL: "http://localhost:3000", AUTH_SECRET: "s".repeat(32) }),
    );
    expect(production(LOOPBACK_127)).toContain("refused");
  });
});

describe("development: a page opened at 127.0.0.1 or [::1]", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("pglite");
  });
  afterAll(async () => t?.close());

  it.each([LOOPBACK_127, LOOPBACK_V6])("signs in and sends forms at %s", async (origin) => {
    const { input } = await signUpVerified(t.app);
    const { client, res } = await signIn(t.app, input.email, input.password, browserAt(t, origin));
    expect(res.statusCode, res.body).toBe(200);
    expect((await client.get(API.me)).json().email).toBe(input.email);
    const saved = await client.put(API.profile, profile);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject(profile);
    expect((await client.post(API.authSignOut)).statusCode).toBe(200);
  });

  it("still refuses another origin", async () => {
    const { input } = await signUpVerified(t.app);
    const { res } = await signIn(t.app, input.email, input.password, browserAt(t, "http://127.0.0.2:3000"));
    expect(res.statusCode).toBe(403);
    const { client } = await signUpVerified(t.app);
    const write = await client.request({
      method: "PUT",
      url: API.profile,
      json: profile,
      headers: { origin: "http://localhost:3001" },
    });
    expect(write.statusCode).toBe(403);
    expect(write.json().error.code).toBe("FORBIDDEN");
  });
});

describe("production: the one origin of PUBLIC_URL", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("pglite", { env: { NODE_ENV: "production", PUBLIC_URL: ORIGIN } });
  });
  afterAll(async () => t?.close());

  it("refuses sign-in and forms from 127.0.0.1", async () => {
    const { input, client } = await signUpVerified(t.app);
    const { res } = await signIn(t.app, input.email, input.password, browserAt(t, LOOPBACK_127));
    expect(res.statusCode).toBe(403);
    const write = await client.request({
      method: "PUT",
      url: API.profile,
      json: profile,
      headers: { origin: LOOPBACK_127 },
    });
    expect(write.statusCode).toBe(403);
    expect(write.json().error.code).toBe("FORBIDDEN");
    // Through PUBLIC_URL's own origin the same member signs in.
    expect((await signIn(t.app, input.email, input.password)).res.statusCode).toBe(200);
  });
});
