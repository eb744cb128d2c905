import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Client,
  createTestApp,
  databaseKinds,
  linkFromMail,
  memberInput,
  queryRows,
  signIn,
  signUpVerified,
  type TestApp,
} from "../../../test/helpers.ts";
import { listOutbox } from "../../platform/mail/mailer.ts";

describe.each(databaseKinds)("accounts on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // better-auth's own password hash at production cost (the other suites use a cheaper one).
    t = await createTestApp(kind, { deps: { passwordHasher: undefined } });
  });
  afterAll(async () => t?.close());

  it("registers, refuses sign-in until the email is verified, then serves the member record", async () => {
    const input = memberInput({ currency: "IDR" });
    const client = new Client(t.app);
    expect((await client.post("/api/register", input)).statusCode).toBe(201);

    const early = await signIn(t.app, input.email, input.password);
    expect(early.res.statusCode).toBe(403);
    expect(early.res.json().code).toBe("EMAIL_NOT_VERIFIED");
    expect((await client.get("/api/me")).statusCode).toBe(401);

    const verify = await client.get(await linkFromMail(t.app, input.email));
    expect(verify.statusCode).toBe(302);
    const me = await client.get("/api/me");
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      firstName: "Ada",
      lastName: "Lovelace",
      fullName: "Ada Lovelace",
      userName: input.username,
      email: input.email,
      emailVerified: true,
      currency: "IDR",
      userTrading: false,
      userBlock: false,
      userStatus: "active",
      role: "member",
      photoURL: null,
    });
  });

  it("signs in by username, case-insensitively", async () => {
    const { input } = await signUpVerified(t.app);
    const { res, client } = await signIn(t.app, input.username.toUpperCase(), input.password);
    expect(res.statusCode).toBe(200);
    expect((await client.get("/api/me")).json().userName).toBe(input.username);
  });

  it("names each bad field", async () => {
    const res = await new Client(t.app).post("/api/register", {
      firstName: "",
      lastName: "X",
      username: "no spaces!",
      email: "not-an-email",
      password: "short",
      currency: "XXX",
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.code).toBe("VALIDATION_FAILED");
    const fields = body.error.fields.map((f: { field: string }) => f.field).sort();
    expect(fields).toEqual(["acceptTerms", "confirmAdult", "currency", "email", "firstName", "password", "username"]);
  });

  it("rejects an unknown referral code as a field error and stores a known referrer", async () => {
    const unknown = await new Client(t.app).post("/api/register", memberInput({ referralCode: "nobody_here" }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toEqual([{ field: "referralCode", message: "Unknown referral code" }]);

    const referrer = await signUpVerified(t.app);
    const check = await new Client(t.app).get(`/api/referrals/check?code=${referrer.input.username}`);
    expect(check.json()).toEqual({ valid: true });
    const referred = await signUpVerified(t.app, { referralCode: referrer.input.username.toUpperCase() });
    const rows = await queryRows<{ referred_by: string }>(
      t.database,
      sql`select referred_by from "user" where id = ${referred.member.uid}`,
    );
    expect(rows[0]?.referred_by).toBe(referrer.member.uid);
  });

  it("refuses a taken username, whatever the case (a taken email: registration-privacy.test.ts)", async () => {
    const { input } = await signUpVerified(t.app);
    const sameName = await new Client(t.app).post(
      "/api/register",
      memberInput({ username: input.username.toUpperCase() }),
    );
    expect(sameName.json().error.fields[0].field).toBe("username");
  });

  it("keeps better-auth's own sign-up and admin endpoints closed", async () => {
    const client = new Client(t.app);
    const direct = await client.post("/api/auth/sign-up/email", { ...memberInput(), name: "x" });
    expect(direct.statusCode).toBe(404);
    const { client: member } = await signUpVerified(t.app);
    expect((await member.post("/api/auth/update-user", { referredBy: "x" })).statusCode).toBe(404);
    expect((await member.post("/api/auth/admin/set-role", { userId: "x", role: "admin" })).statusCode).toBe(404);
  });

  it("resends the verification mail on request", async () => {
    const input = memberInput();
    const client = new Client(t.app);
    await client.post("/api/register", input);
    const resend = await client.post("/api/auth/send-verification-email", { email: input.email, callbackURL: "/" });
    expect(resend.statusCode).toBe(200);
    expect(await listOutbox(t.app.services.db, input.email)).toHaveLength(2);
    const second = await linkFromMail(t.app, input.email);
    expect((await client.get(second)).statusCode).toBe(302);
    expect((await client.get("/api/me")).statusCode).toBe(200);
  });

  it("resets a forgotten password with a single-use link", async () => {
    const { input } = await signUpVerified(t.app);
    const client = new Client(t.app);
    const ask = await client.post("/api/auth/request-password-reset", {
      email: input.email,
      redirectTo: "/reset-password",
    });
    expect(ask.statusCode).toBe(200);
    const link = await linkFromMail(t.app, input.email);
    const redirect = await client.get(link);
    expect(redirect.statusCode).toBe(302);
    const token = new URL(redirect.headers.location as string, "http://x").searchParams.get("token");
    expect(token).toBeTruthy();
    const newPassword = "a-brand-new-password";
    expect((await client.post("/api/auth/reset-password", { token, newPassword })).statusCode).toBe(200);
    expect(
      (await client.post("/api/auth/reset-password", { token, newPassword: "another-password-2" })).statusCode,
    ).toBe(400);
    expect((await signIn(t.app, input.email, input.password)).res.statusCode).toBe(401);
    expect((await signIn(t.app, input.email, newPassword)).res.statusCode).toBe(200);
  });

  it("signs out", async () => {
    const { client } = await signUpVerified(t.app);
    expect((await client.post("/api/auth/sign-out")).statusCode).toBe(200);
    expect((await client.get("/api/me")).statusCode).toBe(401);
  });
});
