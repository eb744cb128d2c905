import { API } from "@helio/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Client,
  createTestApp,
  databaseKinds,
  memberInput,
  queryRows,
  randomIp,
  signIn,
  signUpVerified,
  type TestApp,
} from "../../../test/helpers.ts";
import { listOutbox } from "../../platform/mail/mailer.ts";

const LIMIT = 4;

// Several sign-ups and sign-ins, each hashing a password: generous on a busy machine.
describe.each(databaseKinds)("registration privacy on %s", { timeout: 120_000 }, (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { AUTH_RATE_LIMIT: String(LIMIT) } });
  });
  afterAll(async () => t?.close());
  const fresh = () => new Client(t.app, undefined, { ip: randomIp() });

  it("answers a taken email exactly like a new one, creates nothing, and tells the owner", async () => {
    const owner = await signUpVerified(t.app);
    const before = await listOutbox(t.app.services.db, owner.input.email);

    const newcomer = memberInput();
    const created = await fresh().post(API.register, newcomer);
    const takenClient = fresh();
    const taken = await takenClient.post(
      API.register,
      memberInput({ email: owner.input.email.toUpperCase(), password: "another-password-9" }),
    );
    expect(taken.statusCode).toBe(created.statusCode);
    expect(taken.statusCode).toBe(201);
    expect(Object.keys(taken.json())).toEqual(Object.keys(created.json()));
    expect(taken.json()).toEqual({ email: owner.input.email });
    expect(taken.headers["set-cookie"]).toBeUndefined();
    expect(takenClient.cookies.size).toBe(0);

    // No second account, and the owner's password is unchanged.
    const rows = await queryRows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from "user" where lower(email) = ${owner.input.email}`,
    );
    expect(rows[0]?.n).toBe(1);
    expect((await signIn(t.app, owner.input.email, "another-password-9")).res.statusCode).toBe(401);
    expect((await signIn(t.app, owner.input.email, owner.input.password)).res.statusCode).toBe(200);

    const after = await listOutbox(t.app.services.db, owner.input.email);
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]?.subject).toBe("Someone tried to register with your email");
    expect(after[0]?.text).toMatch(/already have one, so nothing was created/);
    expect(after[0]?.text).not.toMatch(/verify-email/);
    // The newcomer got the usual verification mail.
    expect((await listOutbox(t.app.services.db, newcomer.email))[0]?.subject).toBe("Verify your email for Helio");
  });

  it("keeps the friendly error for a taken username", async () => {
    const { input } = await signUpVerified(t.app);
    const res = await fresh().post(API.register, memberInput({ username: input.username.toUpperCase() }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual([{ field: "username", message: "This username is taken" }]);
  });

  it("rate-limits the referral-code check per address", async () => {
    const client = fresh();
    const max = LIMIT * 3;
    for (let i = 0; i < max; i++) {
      expect((await client.get(`${API.referralCheck}?code=nobody_${i}`)).statusCode).toBe(200);
    }
    const refused = await client.get(`${API.referralCheck}?code=nobody`);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe("RATE_LIMITED");
    expect((await fresh().get(`${API.referralCheck}?code=nobody`)).statusCode).toBe(200);
  });
});
