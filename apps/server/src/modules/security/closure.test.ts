import { API, priceToUnits } from "@helio/shared";
import { sql } from "drizzle-orm";
import { authenticator } from "otplib";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  Client,
  createTestApp,
  databaseKinds,
  queryRows,
  signIn,
  signInAdmin,
  signUpVerified,
  socketsClosedAfterEachTest,
  type TestApp,
} from "../../../test/helpers.ts";
import { apiCents, expectError, expectSoundLedger, fundWallet, readyMember } from "../../../test/money.ts";

const connect = socketsClosedAfterEachTest();

describe.each(databaseKinds)("closing one's own account on %s", (kind) => {
  let t: TestApp;
  let admin: Client;

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { WORKERS: "off", MONEY_RATE_LIMIT: "10000" } });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    admin = await signInAdmin(t.app);
  });
  afterEach(async () => {
    await expectSoundLedger(t.database);
  });
  afterAll(async () => {
    await t?.close();
  });

  const tick = () =>
    t.app.services.market.record([{ symbol: "BTC", price: priceToUnits("95000") as number, at: new Date() }]);
  const place = (c: Client) =>
    c.request({
      method: "POST",
      url: API.trades,
      json: { symbol: "BTC", direction: "up", amountMicrocents: apiCents(1_000), durationSeconds: 30 },
    });
  const close = (c: Client, body: Record<string, unknown>) => c.post(API.accountClose, body);
  const blockersOf = async (c: Client) => {
    const res = await c.get(API.accountClose);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().blockers as { reason: string; account?: string }[];
  };
  const fieldsOf = (res: { json(): { error: { fields?: { field: string }[] } } }) =>
    (res.json().error.fields ?? []).map((f) => f.field);

  it("needs the password, and refuses a wrong one naming the field", async () => {
    const { client } = await signUpVerified(t.app);
    expect((await close(new Client(t.app), { password: "x" })).statusCode).toBe(401);
    expectError(await close(client, {}), 400, "VALIDATION_FAILED", "password");
    expectError(await close(client, { password: "not-the-password" }), 400, "VALIDATION_FAILED", "password");
    expect((await client.get(API.me)).statusCode).toBe(200);
  });

  it("refuses while money remains in a Real account, naming it; Practice money does not count", async () => {
    const { client, member, input } = await signUpVerified(t.app);
    await fundWallet(admin, member.uid, 2_500);
    expect(await blockersOf(client)).toEqual([
      { reason: "balance", account: "wallet", amountMicrocents: apiCents(2_500) },
    ]);
    const refused = await close(client, { password: input.password });
    expectError(refused, 409, "CLOSURE_BLOCKED");
    expect(fieldsOf(refused)).toEqual(["balance.wallet"]);
    expect(refused.json().error.message).toContain("money in your wallet account");
    expect((await client.get(API.me)).statusCode).toBe(200);
  });

  it("refuses while a contract is open, even a Practice one", async () => {
    await tick();
    const { client, input } = await signUpVerified(t.app);
    expect((await place(client)).statusCode).toBe(201);
    expect(await blockersOf(client)).toEqual([{ reason: "contract", count: 1 }]);
    const refused = await close(client, { password: input.password });
    expectError(refused, 409, "CLOSURE_BLOCKED", "contract");
    expect(refused.json().error.message).toContain("1 open contract");
  });

  it("refuses while a withdrawal is on its way (and names the money it holds)", async () => {
    const { client, member, input } = await readyMember(t.app, admin);
    await fundWallet(admin, member.uid, 5_000);
    const asked = await client.request({
      method: "POST",
      url: API.withdrawals,
      json: { amountMicrocents: apiCents(5_000) },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const refused = await close(client, { password: input.password });
    expectError(refused, 409, "CLOSURE_BLOCKED", "withdrawal");
    expect(fieldsOf(refused)).toContain("balance.withdrawal_hold");
  });

  it("refuses while a deposit may still be paid or approved", async () => {
    const { client, input } = await signUpVerified(t.app);
    const invoice = await client.request({
      method: "POST",
      url: API.deposits,
      json: { amountMicrocents: apiCents(25_000) },
    });
    expect(invoice.statusCode, invoice.body).toBe(201);
    expect(await blockersOf(client)).toEqual([{ reason: "deposit", count: 1 }]);
    const refused = await close(client, { password: input.password });
    expectError(refused, 409, "CLOSURE_BLOCKED", "deposit");
    expect(refused.json().error.message).toContain("1 deposit still open");
  });

  it("closes: every session and socket ends, sign-in is refused, the records stay and operators see it", async () => {
    const { client, member, input } = await signUpVerified(t.app);
    const other = await signIn(t.app, input.email, input.password);
    expect(other.res.statusCode).toBe(200);
    const tab = await connect(t.app, other.client);

    const res = await close(client, { password: input.password });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ closed: true });

    expect((await client.get(API.me)).statusCode).toBe(401);
    expect((await other.client.get(API.me)).statusCode).toBe(401);
    expect((await tab.closed).code).toBe(4401);
    const again = await signIn(t.app, input.email, input.password);
    expect(again.res.statusCode).toBe(403);
    expect(again.res.json().error.code).toBe("ACCOUNT_CLOSED");

    // Nothing of the member's is deleted: the user row, their accounts' balance rows, the audit.
    const [row] = await queryRows<{ user_status: string; email: string; closed_at: Date | null }>(
      t.database,
      sql`select user_status, email, closed_at from "user" where id = ${member.uid}`,
    );
    expect(row).toMatchObject({ user_status: "closed", email: input.email });
    expect(row?.closed_at).not.toBeNull();
    const audit = await queryRows<{ action: string; actor_id: string }>(
      t.database,
      sql`select action, actor_id from audit_log where target_user_id = ${member.uid} and action = 'member.close'`,
    );
    expect(audit).toEqual([{ action: "member.close", actor_id: member.uid }]);

    const seen = await admin.get(API.adminMemberClosure(member.uid));
    expect(seen.json()).toMatchObject({ closed: true, closedAt: expect.any(String) });
    expect((await admin.get(API.adminMember(member.uid))).json().userStatus).toBe("closed");
    const listed = await admin.get(`${API.adminMembers}?search=${encodeURIComponent(input.username)}`);
    expect(listed.json().items[0]).toMatchObject({ uid: member.uid, userStatus: "closed" });
    // A ban or an unban would overwrite the member's closure.
    const unban = await admin.post(API.adminMemberStatus(member.uid), { action: "unban" });
    expect(unban.statusCode).toBe(409);
  });

  it("asks for the authenticator code when two-factor is on", async () => {
    const { client, input } = await signUpVerified(t.app);
    const enable = await client.post("/api/auth/two-factor/enable", { password: input.password });
    const secret = new URL(enable.json().totpURI).searchParams.get("secret") as string;
    expect(
      (await client.post("/api/auth/two-factor/verify-totp", { code: authenticator.generate(secret) })).statusCode,
    ).toBe(200);
    expectError(await close(client, { password: input.password }), 400, "VALIDATION_FAILED", "totpCode");
    const right = authenticator.generate(secret);
    const wrong = right === "000000" ? "111111" : "000000";
    expectError(
      await close(client, { password: input.password, totpCode: wrong }),
      400,
      "VALIDATION_FAILED",
      "totpCode",
    );
    const res = await close(client, { password: input.password, totpCode: right });
    expect(res.statusCode, res.body).toBe(200);
  });

  it("a closure and a stake sent together never leave an open contract on a closed account", async () => {
    await tick();
    for (let round = 0; round < 6; round++) {
      await tick();
      const { client, member, input } = await signUpVerified(t.app);
      const [closed, staked] = await Promise.all([close(client, { password: input.password }), place(client)]);
      const [state] = await queryRows<{ user_status: string; open: number }>(
        t.database,
        sql`select u.user_status,
                   (select count(*)::int from trade_contracts c where c.user_id = u.id and c.status = 'open') as open
            from "user" u where u.id = ${member.uid}`,
      );
      // Exactly one wins: closed with no contract, or the contract stands and the closure is refused.
      if (closed.statusCode === 200) {
        expect(state).toEqual({ user_status: "closed", open: 0 });
        expect(staked.statusCode).not.toBe(201);
      } else {
        expectError(closed, 409, "CLOSURE_BLOCKED", "contract");
        expect(staked.statusCode, staked.body).toBe(201);
        expect(state).toEqual({ user_status: "active", open: 1 });
      }
    }
  });
});
