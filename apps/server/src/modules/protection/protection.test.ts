import { API, priceToUnits } from "@helio/shared";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  Client,
  createTestApp,
  databaseKinds,
  signInAdmin,
  signUpVerified,
  type TestApp,
} from "../../../test/helpers.ts";
import { expectError, expectSoundLedger, fundWallet } from "../../../test/money.ts";

const HOUR = 3600_000;

describe.each(databaseKinds)("member limits on %s", (kind) => {
  let t: TestApp;
  let admin: Client;
  // The clock of limits, cooling-off, entry times and invoices: each test moves it as it needs.
  let clock = new Date();
  const later = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };

  beforeAll(async () => {
    t = await createTestApp(kind, {
      env: { WORKERS: "off", MONEY_RATE_LIMIT: "10000" },
      deps: { now: () => clock },
    });
    admin = await signInAdmin(t.app);
  });
  // Sessions begin on the real clock (better-auth's): each test starts the limits' clock there.
  beforeEach(() => {
    clock = new Date();
  });
  afterEach(async () => {
    await expectSoundLedger(t.database);
  });
  afterAll(async () => {
    await t?.close();
  });

  const tick = () =>
    t.app.services.market.record([{ symbol: "BTC", price: priceToUnits("95000") as number, at: new Date() }]);
  const place = (c: Client, amountCents = 1000) =>
    c.request({
      method: "POST",
      url: API.trades,
      json: { symbol: "BTC", direction: "up", amountCents, durationSeconds: 30 },
    });
  const deposit = (c: Client, amountCents: number) => c.post(API.deposits, { amountCents });
  const setLimit = (c: Client, body: Record<string, unknown>) => c.put(API.protectionLimits, body);
  const limitOf = async (c: Client, key: string) => {
    const res = await c.get(API.protectionLimits);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().limits as { key: string }[]).find((l) => l.key === key);
  };
  async function realMember(walletCents = 100_000) {
    const account = await signUpVerified(t.app);
    expect((await admin.put(API.adminMemberTrading(account.member.uid), { userTrading: true })).statusCode).toBe(200);
    await fundWallet(admin, account.member.uid, walletCents);
    return account;
  }

  it("refuses bad limits with a 400 naming the field", async () => {
    const { client } = await signUpVerified(t.app);
    const cases: [Record<string, unknown>, string][] = [
      [{ limit: "stakeMax", value: -100 }, "value"],
      [{ limit: "stakeMax", value: 1e15 }, "value"],
      [{ limit: "stakeMax", value: 12.5 }, "value"],
      [{ limit: "stakeMax" }, "value"],
      [{ limit: "stake", period: "12h", value: 1000 }, "period"],
      [{ limit: "loss", value: 1000 }, "period"],
      [{ limit: "deposit", period: "7d", value: 1000 }, "period"],
      [{ limit: "openContracts", value: 0 }, "value"],
      [{ limit: "sessionMinutes", value: 100_000 }, "value"],
      [{ limit: "everything", value: 1 }, "limit"],
      [{ value: 1 }, "limit"],
    ];
    for (const [body, field] of cases) expectError(await setLimit(client, body), 400, "VALIDATION_FAILED", field);
  });

  it("needs a signed-in member", async () => {
    const anonymous = new Client(t.app);
    expect((await anonymous.get(API.protectionLimits)).statusCode).toBe(401);
    expect((await setLimit(anonymous, { limit: "stakeMax", value: 100 })).statusCode).toBe(401);
  });

  it("lowers at once and raises or removes only after 24 hours", async () => {
    const { client } = await signUpVerified(t.app);
    expect((await setLimit(client, { limit: "stake", period: "24h", value: 5000 })).statusCode).toBe(200);
    expect(await limitOf(client, "stake24h")).toMatchObject({ value: 5000, pending: null, used: 0 });

    expect((await setLimit(client, { limit: "stake", period: "24h", value: 3000 })).statusCode).toBe(200);
    expect(await limitOf(client, "stake24h")).toMatchObject({ value: 3000, pending: null });

    const raisedAt = clock.getTime();
    await setLimit(client, { limit: "stake", period: "24h", value: 9000 });
    expect(await limitOf(client, "stake24h")).toMatchObject({
      value: 3000,
      pending: { value: 9000, effectiveAt: new Date(raisedAt + 24 * HOUR).toISOString() },
    });
    // Asking again does not restart the cooling-off.
    later(HOUR);
    await setLimit(client, { limit: "stake", period: "24h", value: 9000 });
    expect((await limitOf(client, "stake24h"))?.pending).toMatchObject({
      effectiveAt: new Date(raisedAt + 24 * HOUR).toISOString(),
    });
    later(23 * HOUR - 1000);
    expect(await limitOf(client, "stake24h")).toMatchObject({ value: 3000 });
    later(1000);
    expect(await limitOf(client, "stake24h")).toMatchObject({ value: 9000, pending: null });

    // A removal waits too; lowering meanwhile holds at once and drops the waiting removal.
    await setLimit(client, { limit: "stake", period: "24h", value: null });
    expect(await limitOf(client, "stake24h")).toMatchObject({ value: 9000, pending: { value: null } });
    await setLimit(client, { limit: "stake", period: "24h", value: 2000 });
    expect(await limitOf(client, "stake24h")).toMatchObject({ value: 2000, pending: null });
    await setLimit(client, { limit: "stake", period: "24h", value: null });
    later(24 * HOUR);
    expect(await limitOf(client, "stake24h")).toMatchObject({ value: null, pending: null });
  });

  it("refuses a stake above the member's largest stake, on Real money and on Free once asked", async () => {
    await tick();
    const { client } = await realMember();
    await setLimit(client, { limit: "stakeMax", value: 1500 });
    expectError(await place(client, 2000), 409, "LIMIT_REACHED");
    expect((await place(client, 1500)).statusCode).toBe(201);

    const free = await signUpVerified(t.app);
    await setLimit(free.client, { limit: "stakeMax", value: 1500 });
    expect((await place(free.client, 2000)).statusCode).toBe(201);
    await setLimit(free.client, { limit: "free", value: true });
    const refused = await place(free.client, 2000);
    expectError(refused, 409, "LIMIT_REACHED");
    expect(refused.json().error.message).toContain("15.00 USD");
    // Letting Free go is a loosening: it waits its cooling-off.
    await setLimit(free.client, { limit: "free", value: false });
    expectError(await place(free.client, 2000), 409, "LIMIT_REACHED");
    later(24 * HOUR);
    await tick();
    expect((await place(free.client, 2000)).statusCode).toBe(201);
  });

  it("counts open contracts, net loss and the session's length", async () => {
    await tick();
    const { client } = await realMember();
    await setLimit(client, { limit: "openContracts", value: 2 });
    expect((await place(client)).statusCode).toBe(201);
    expect((await place(client)).statusCode).toBe(201);
    expectError(await place(client), 409, "LIMIT_REACHED");
    expect(await limitOf(client, "openContracts")).toMatchObject({ value: 2, used: 2 });

    const loser = await realMember();
    await setLimit(loser.client, { limit: "loss", period: "7d", value: 2500 });
    expect((await place(loser.client)).statusCode).toBe(201);
    expect((await place(loser.client)).statusCode).toBe(201);
    // Two open stakes count as lost: a third of 1,000 would pass 2,500.
    const refused = await place(loser.client);
    expectError(refused, 409, "LIMIT_REACHED");
    expect(refused.json().error.message).toContain("5.00 USD of it is left");
    expect((await place(loser.client, 500)).statusCode).toBe(201);
    expect(await limitOf(loser.client, "loss7d")).toMatchObject({ used: 2500 });

    const timed = await realMember();
    await setLimit(timed.client, { limit: "sessionMinutes", value: 30 });
    expect((await place(timed.client)).statusCode).toBe(201);
    later(31 * 60_000);
    await tick();
    expectError(await place(timed.client), 409, "LIMIT_REACHED");
  });

  it("lets concurrent stakes pass a total-stake limit together never", async () => {
    await tick();
    const { client } = await realMember();
    await setLimit(client, { limit: "stake", period: "24h", value: 3000 });
    const answers = await Promise.all(Array.from({ length: 8 }, () => place(client)));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(3);
    for (const r of answers.filter((a) => a.statusCode !== 201)) expectError(r, 409, "LIMIT_REACHED");
    expect(await limitOf(client, "stake24h")).toMatchObject({ used: 3000 });
    expect((await client.get(API.wallet)).json().wallet).toBe(100_000 - 3000);
  });

  it("lets concurrent deposit requests pass the 30-day deposit limit together never", async () => {
    const { client } = await signUpVerified(t.app);
    await setLimit(client, { limit: "deposit", period: "30d", value: 30_000 });
    const answers = await Promise.all(Array.from({ length: 8 }, () => deposit(client, 10_000)));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(3);
    for (const r of answers.filter((a) => a.statusCode !== 201)) expectError(r, 409, "LIMIT_REACHED");
    expect(await limitOf(client, "deposit30d")).toMatchObject({ used: 30_000 });
    // Thirty days on, the window is empty again.
    later(30 * 24 * HOUR + 1000);
    expect((await deposit(client, 10_000)).statusCode).toBe(201);
  });
});
