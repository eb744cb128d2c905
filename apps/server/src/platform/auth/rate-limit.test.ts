import { API } from "@helio/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Client,
  createTestApp,
  databaseKinds,
  memberInput,
  randomIp,
  redisTestsEnabled,
  requireRedisUrl,
  signIn,
  signUpVerified,
  type TestApp,
  testRedisPrefix,
} from "../../../test/helpers.ts";

const LIMIT = 3;

describe.each(databaseKinds)("auth rate limit on %s", (kind) => {
  let t: TestApp;
  let member: Awaited<ReturnType<typeof signUpVerified>>;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { AUTH_RATE_LIMIT: String(LIMIT) } });
    member = await signUpVerified(t.app, {}); // registers from 127.0.0.1; the tests use other addresses
  });
  afterAll(async () => t?.close());

  it("refuses the 4th sign-in attempt in a minute from one address, even with the right password", async () => {
    const ip = randomIp();
    const attempt = (password: string, byUsername = false) =>
      signIn(
        t.app,
        byUsername ? member.input.username : member.input.email,
        password,
        new Client(t.app, undefined, { ip }),
      );
    expect((await attempt("wrong-password-1")).res.statusCode).toBe(401);
    expect((await attempt("wrong-password-2", true)).res.statusCode).toBe(401); // email and username share the budget
    expect((await attempt(member.input.password)).res.statusCode).toBe(200);
    const fourth = await attempt(member.input.password);
    expect(fourth.res.statusCode).toBe(429);
    expect(fourth.res.json().error).toMatchObject({
      code: "RATE_LIMITED",
      message: expect.stringMatching(/Try again in/),
    });
    expect(fourth.client.cookies.size).toBe(0);
    expect((await attempt(member.input.password, true)).res.statusCode).toBe(429);

    // Another address has its own budget.
    const other = await signIn(
      t.app,
      member.input.email,
      member.input.password,
      new Client(t.app, undefined, { ip: randomIp() }),
    );
    expect(other.res.statusCode).toBe(200);
  });

  it("does not limit reading the session", async () => {
    const ip = randomIp();
    const client = new Client(t.app, undefined, { ip });
    const { res } = await signIn(t.app, member.input.email, member.input.password, client);
    expect(res.statusCode).toBe(200);
    for (let i = 0; i < LIMIT * 3; i++) {
      const session = await client.get("/api/auth/get-session");
      expect(session.statusCode).toBe(200);
      expect(session.json().user.email).toBe(member.input.email);
    }
    expect((await client.get(API.me)).statusCode).toBe(200);
  });

  it("limits registration", async () => {
    const client = new Client(t.app, undefined, { ip: randomIp() });
    for (let i = 0; i < LIMIT; i++) {
      // Refused inputs count too: the limit is on attempts.
      const res = await client.post(API.register, i === 0 ? memberInput() : { ...memberInput(), password: "short" });
      expect(res.statusCode).toBe(i === 0 ? 201 : 400);
    }
    const fourth = await client.post(API.register, memberInput());
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error.code).toBe("RATE_LIMITED");
  });

  it("limits password reset requests and two-factor checks", async () => {
    const client = new Client(t.app, undefined, { ip: randomIp() });
    for (let i = 0; i < LIMIT; i++) {
      const res = await client.post("/api/auth/request-password-reset", {
        email: member.input.email,
        redirectTo: "/reset-password",
      });
      expect(res.statusCode).toBe(200);
    }
    expect((await client.post("/api/auth/request-password-reset", { email: member.input.email })).statusCode).toBe(429);

    const twoFactor = new Client(t.app, undefined, { ip: randomIp() });
    for (let i = 0; i < LIMIT; i++)
      expect((await twoFactor.post("/api/auth/two-factor/verify-totp", { code: "123456" })).statusCode).not.toBe(429);
    expect((await twoFactor.post("/api/auth/two-factor/verify-totp", { code: "123456" })).statusCode).toBe(429);
  });
});

describe.runIf(redisTestsEnabled)("auth rate limit shared through Redis", () => {
  let a: TestApp;
  let b: TestApp;
  /** Another deployment on the same Redis, under its own REDIS_PREFIX. */
  let other: TestApp;
  beforeAll(async () => {
    // a and b are one deployment: one Redis prefix.
    const env = { AUTH_RATE_LIMIT: String(LIMIT), REDIS_URL: requireRedisUrl(), REDIS_PREFIX: testRedisPrefix() };
    a = await createTestApp("pglite", { env });
    b = await createTestApp("pglite", { env });
    other = await createTestApp("pglite", { env: { ...env, REDIS_PREFIX: `helio-other-${randomIp()}:` } });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await other?.close();
  });
  const attempt = (t: TestApp, ip: string) =>
    signIn(t.app, "nobody@example.test", "wrong-password-1", new Client(t.app, undefined, { ip }));

  it("counts attempts on every instance together", async () => {
    const ip = randomIp();
    expect((await attempt(a, ip)).res.statusCode).toBe(401);
    expect((await attempt(b, ip)).res.statusCode).toBe(401);
    expect((await attempt(a, ip)).res.statusCode).toBe(401);
    const fourth = await attempt(b, ip);
    expect(fourth.res.statusCode).toBe(429);
    expect(fourth.res.json().error.code).toBe("RATE_LIMITED");
  });

  it("counts another deployment's attempts apart", async () => {
    const ip = randomIp();
    for (let i = 0; i < LIMIT; i++) expect((await attempt(a, ip)).res.statusCode).toBe(401);
    expect((await attempt(a, ip)).res.statusCode).toBe(429);
    expect((await attempt(other, ip)).res.statusCode).toBe(401);
  });
});
