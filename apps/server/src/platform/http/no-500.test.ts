import { API } from "@helio/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Client,
  createTestApp,
  databaseKinds,
  multipartFile,
  signInAdmin,
  signUpVerified,
  type TestApp,
} from "../../../test/helpers.ts";

/** The five causes of 500s the fuzz test (fuzz.test.ts) found, each answered by a 4xx in our error shape. */
describe.each(databaseKinds)("no input reaches a 500 (%s)", (kind) => {
  let t: TestApp;
  let member: Client;
  let memberUid: string;
  let admin: Client;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const signedUp = await signUpVerified(t.app);
    member = signedUp.client;
    memberUid = signedUp.member.uid;
    admin = await signInAdmin(t.app);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  const expectFieldError = (res: { statusCode: number; json(): unknown }, field: string) => {
    expect(res.statusCode).toBe(400);
    const body = res.json() as { error: { code: string; fields?: { field: string; message: string }[] } };
    expect(body.error.code).toBe("VALIDATION_FAILED");
    expect(body.error.fields?.map((f) => f.field)).toContain(field);
  };

  it("refuses a NUL character in bodies, queries and paths with a 400 naming the field", async () => {
    expectFieldError(await member.post(API.chatMessages, { text: "hello\u0000there" }), "text");
    expectFieldError(
      await member.put(API.profile, { firstName: "A\u0000", lastName: "B", currency: "USD" }),
      "firstName",
    );
    expectFieldError(await admin.get(`${API.adminMembers}?search=a%00b`), "search");
    expectFieldError(await admin.get(`${API.adminMembers}/a%00b`), "uid");
    expectFieldError(await admin.get(`/api/admin/deposits?uid=a%00b`), "uid");
    expectFieldError(await new Client(t.app).get(`/api/referrals/check?code=a%00b`), "code");
    // Chat messages may hold line breaks and tabs, names may not.
    expect((await member.post(API.chatMessages, { text: "line one\n\tline two" })).statusCode).toBe(201);
  });

  it("checks better-auth's bodies with the same rule (a NUL in a token or a username)", async () => {
    expectFieldError(await member.post("/api/auth/revoke-session", { token: "abc\u0000def" }), "token");
    const signIn = await new Client(t.app).post("/api/auth/sign-in/username", {
      username: "ada\u0000",
      password: "whatever-password",
    });
    expectFieldError(signIn, "username");
    // A password is only hashed: any character may be part of one (this one is just wrong).
    const wrong = await new Client(t.app).post("/api/auth/sign-in/username", { username: "ada", password: "a\u0001b" });
    expect(wrong.statusCode).toBe(401);
  });

  it("refuses a lone surrogate in an admin reason before it reaches the audit log", async () => {
    const res = await admin.post(`${API.adminMembers}/${memberUid}/status`, { action: "block", reason: "spam \uD800" });
    expectFieldError(res, "reason");
    expect((await member.get(API.me)).statusCode).toBe(200); // nothing was written
  });

  it("answers a malformed multipart body on an upload route with a 400", async () => {
    const noBoundary = await member.request({
      method: "POST",
      url: API.avatar,
      headers: { "content-type": "multipart/form-data" },
      payload: "--x\r\n",
    });
    expectFieldError(noBoundary, "body");
    const whole = multipartFile({ filename: "a.png", contentType: "image/png", data: Buffer.from("PNG data") });
    const truncated = await member.request({
      method: "POST",
      url: "/api/chat/images",
      headers: whole.headers,
      payload: whole.payload.subarray(0, whole.payload.length - 20),
    });
    expectFieldError(truncated, "body");
  });

  it("refuses impossible dates on trade history and its CSV", async () => {
    expectFieldError(await member.get("/api/trades/history?from=2026-13-45"), "from");
    expectFieldError(await member.get("/api/trades/history.csv?to=9999-99-99"), "to");
    expectFieldError(await member.get("/api/trades/history?from=2026-02-30"), "from");
    expect((await member.get("/api/trades/history?from=2024-02-29&to=2026-02-28")).statusCode).toBe(200);
  });

  it("gives every error the one shape, also a malformed URL and better-auth's refusals", async () => {
    const badUrl = await member.get(`${API.adminMembers}/%zz`);
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toMatchObject({ error: { code: "VALIDATION_FAILED", message: expect.any(String) } });
    const foreign = await new Client(t.app, "https://evil.example").post("/api/auth/sign-in/email", {
      email: "x@example.test",
      password: "whatever-password",
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ error: { code: "INVALID_ORIGIN", message: expect.any(String) } });
  });

  it("shows the text rule in the OpenAPI document", async () => {
    const doc = (await t.app.inject({ url: "/api/openapi.json" })).json();
    const text = doc.paths[API.chatMessages].post.requestBody.content["application/json"].schema.properties.text;
    expect(JSON.stringify(text)).toContain("\\\\u0000");
  });
});

describe.each(databaseKinds)("better-auth's log calls (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // A level that really writes: pino's methods below it are no-ops that never touch `this`.
    t = await createTestApp(kind, { env: { LOG_LEVEL: "error" } });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it("keep better-auth's 4xx when it logs a refusal (a foreign Origin, a cross-site POST)", async () => {
    const foreign = new Client(t.app, "https://evil.example");
    const signIn = await foreign.post("/api/auth/sign-in/email", { email: "x@example.test", password: "whatever-pw" });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().error.code).toBe("INVALID_ORIGIN");
    const { client } = await signUpVerified(t.app);
    const crossSite = new Client(t.app, "https://evil.example");
    for (const [k, v] of client.cookies) crossSite.cookies.set(k, v);
    const enable = await crossSite.post("/api/auth/two-factor/enable", { password: "correct-horse-battery" });
    expect(enable.statusCode).toBe(403);
    expect((await client.get(API.me)).json().twoFactorEnabled).toBe(false);
  });
});
