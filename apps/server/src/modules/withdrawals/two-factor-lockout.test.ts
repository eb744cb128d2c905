import { API, fromCents } from "@helio/shared";
import { authenticator } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, createTestApp, databaseKinds, signIn, signInAdmin, type TestApp } from "../../../test/helpers.ts";
import { apiCents, expectError, expectSoundLedger, fundWallet, readyMember } from "../../../test/money.ts";
import { TWO_FACTOR_LOCK_MS, TWO_FACTOR_MAX_FAILURES } from "../../platform/auth/two-factor-lockout.ts";
import { getMemberBalances } from "../ledger/index.ts";

describe.each(databaseKinds)("withdrawal 2FA lock-out on %s", (kind) => {
  let t: TestApp;
  let admin: Client;
  let clock = Date.now();
  beforeAll(async () => {
    t = await createTestApp(kind, {
      env: { WORKERS: "off", MONEY_RATE_LIMIT: "10000" },
      deps: { now: () => new Date(clock) },
    });
    admin = await signInAdmin(t.app);
  });
  afterAll(async () => t?.close());

  const withdraw = (client: Client, totpCode: string) =>
    client.request({ method: "POST", url: API.withdrawals, json: { amountMicrocents: apiCents(2_000), totpCode } });

  it("counts wrong codes per account, locks after the budget, and lets the right code through once the lock ends", async () => {
    const account = await readyMember(t.app, admin);
    const { client, member, input } = account;
    await fundWallet(admin, member.uid, 50_000);
    const enable = await client.post("/api/auth/two-factor/enable", { password: input.password });
    const secret = new URL(enable.json().totpURI).searchParams.get("secret") as string;
    await client.post("/api/auth/two-factor/verify-totp", { code: authenticator.generate(secret) });
    const right = () => authenticator.generate(secret);
    const wrong = () => (right() === "000000" ? "111111" : "000000");

    // One wrong code, then a right one: the count restarts.
    expectError(await withdraw(client, wrong()), 400, "TWO_FACTOR_INVALID", "totpCode");
    expect((await withdraw(client, right())).statusCode).toBe(201);

    // A second session of the same member shares the account's budget.
    const other = (await signIn(t.app, input.email, input.password)).client;
    const verified = await other.post("/api/auth/two-factor/verify-totp", { code: right() });
    expect(verified.statusCode, verified.body).toBe(200);
    for (let i = 0; i < TWO_FACTOR_MAX_FAILURES; i++) {
      expectError(await withdraw(i % 2 ? client : other, wrong()), 400, "TWO_FACTOR_INVALID", "totpCode");
    }
    for (const c of [client, other]) {
      const locked = await withdraw(c, right());
      expect(locked.statusCode).toBe(429);
      expect(locked.json().error).toMatchObject({
        code: "RATE_LIMITED",
        message: expect.stringMatching(/Try again in 15 minutes/),
      });
      expect(Number(locked.headers["retry-after"])).toBe(TWO_FACTOR_LOCK_MS / 1000);
    }
    expect((await getMemberBalances(t.database.db, member.uid)).withdrawal_hold).toBe(fromCents(2_000));

    clock += TWO_FACTOR_LOCK_MS - 60_000;
    expect(Number((await withdraw(client, right())).headers["retry-after"])).toBe(60);
    clock += 60_000;
    const ok = await withdraw(client, right());
    expect(ok.statusCode, ok.body).toBe(201);
    expect((await getMemberBalances(t.database.db, member.uid)).withdrawal_hold).toBe(fromCents(4_000));
    await expectSoundLedger(t.database);
  });
});
