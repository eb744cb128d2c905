import { API, fromCents, type MemberLimit, priceToUnits } from "@helio/shared";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  Client,
  createTestApp,
  databaseKinds,
  signInAdmin,
  signUpVerified,
  type TestApp,
} from "../../../test/helpers.ts";
import { apiCents, expectError, expectSoundLedger, fundWallet, readyMember } from "../../../test/money.ts";

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
  const place = (c: Client, stakeCents = 1000) =>
    c.request({
      method: "POST",
      url: API.trades,
      json: { symbol: "BTC", direction: "up", amountMicrocents: apiCents(stakeCents), durationSeconds: 30 },
    });
  const deposit = (c: Client, cents: number) => c.post(API.deposits, { amountMicrocents: apiCents(cents) });
  const setLimit = (c: Client, body: Record<string, unknown>) => c.put(API.protectionLimits, body);
  const limitOf = async (c: Client, key: string) => {
    const res = await c.get(API.protectionLimits);
    expect(res.statusCode, res.body).toBe(200);
    // As the API carries them: every figure of a limit is a string of digits.
    return (res.json().limits as Record<keyof MemberLimit, unknown>[]).find((l) => l.key === key);
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
      [{ limit: "stakeMax", value: apiCents(-100) }, "value"],
      [{ limit: "stakeMax", value: (fromCents(1) - 1n).toString() }, "value"], // under 0.01 USD
      [{ limit: "stakeMax", value: apiCents(10_000_000_001) }, "value"], // over 100,000,000.00 USD
      [{ limit: "stakeMax", value: 12.5 }, "value"],
      [{ limit: "stakeMax", value: "12.50" }, "value"],
      [{ limit: "stakeMax" }, "value"],
      [{ limit: "stake", period: "12h", value: apiCents(1000) }, "period"],
      [{ limit: "loss", value: apiCents(1000) }, "period"],
      [{ limit: "deposit", period: "7d", value: apiCents(1000) }, "period"],
      [{ limit: "openContracts", value: 0 }, "value"],
      [{ limit: "openContracts", value: 2.5 }, "value"],
      [{ limit: "sessionMinutes", value: 100_000 }, "value"],
      [{ limit: "everything", value: 1 }, "limit"],
      [{ value: 1 }, "limit"],
    ];
    for (const [body, field] of cases) expectError(await setLimit(client, body), 400, "VALIDATION_FAILED", field);
  });

  it("needs a signed-in member", async () => {
    const anonymous = new Client(t.app);
    expect((await anonymous.get(API.protectionLimits)).statusCode).toBe(401);
    expect((await setLimit(anonymous, { limit: "stakeMax", value: apiCents(100) })).statusCode).toBe(401);
  });

  it("lowers at once and raises or removes only after 24 hours, every change audited", async () => {
    const { client, member } = await signUpVerified(t.app);
    const stake24h = (cents: number | null) => ({
      limit: "stake",
      period: "24h",
      value: cents === null ? null : apiCents(cents),
    });
    expect((await setLimit(client, stake24h(5000))).statusCode).toBe(200);
    expect(await limitOf(client, "stake24h")).toMatchObject({ value: apiCents(5000), pending: null, used: "0" });

    expect((await setLimit(client, stake24h(3000))).statusCode).toBe(200);
    expect(await limitOf(client, "stake24h")).toMatchObject({ value: apiCents(3000), pending: null });

    const raisedAt = clock.getTime();
    await setLimit(client, stake24h(9000));
    expect(await limitOf(client, "stake24h")).toMatchObject({
      value: apiCents(3000),
      pending: { value: apiCents(9000), effectiveAt: new Date(raisedAt + 24 * HOUR).toISOString() },
    });
    // Asking again does not restart the cooling-off.
    later(HOUR);
    await setLimit(client, stake24h(9000));
    expect((await limitOf(client, "stake24h"))?.pending).toMatchObject({
      effectiveAt: new Date(raisedAt + 24 * HOUR).toISOString(),
    });
    later(23 * HOUR - 1000);
    expect(await limitOf(client, "stake24h")).toMatchObject({ value: apiCents(3000) });
    later(1000);
    expect(await limitOf(client, "stake24h")).toMatchObject({ value: apiCents(9000), pending: null });

    // A removal waits too; lowering meanwhile holds at once and drops the waiting removal.
    await setLimit(client, stake24h(null));
    expect(await limitOf(client, "stake24h")).toMatchObject({ value: apiCents(9000), pending: { value: null } });
    await setLimit(client, stake24h(2000));
    expect(await limitOf(client, "stake24h")).toMatchObject({ value: apiCents(2000), pending: null });
    await setLimit(client, stake24h(null));
    later(24 * HOUR);
    expect(await limitOf(client, "stake24h")).toMatchObject({ value: null, pending: null });

    const audit = (await admin.get(`${API.adminAudit}?targetUserId=${member.uid}&pageSize=50`)).json();
    const changes = (audit.items as { action: string; after: Record<string, unknown> }[])
      .filter((e) => e.action === "member.limit")
      .map((e) => [e.after.value, "pendingAt" in e.after ? e.after.pendingValue : "—"])
      .reverse();
    // The audit's JSON holds amounts as the API does: microcents as strings of digits.
    expect(changes).toEqual([
      [apiCents(5000), "—"],
      [apiCents(3000), "—"],
      [apiCents(3000), apiCents(9000)],
      [apiCents(3000), apiCents(9000)],
      [apiCents(9000), null],
      [apiCents(2000), "—"],
      [apiCents(2000), null],
    ]);
  });

  it("refuses a stake above the member's largest stake, on Real money and on Free once asked", async () => {
    await tick();
    const { client } = await realMember();
    await setLimit(client, { limit: "stakeMax", value: apiCents(1500) });
    expectError(await place(client, 2000), 409, "LIMIT_REACHED");
    expect((await place(client, 1500)).statusCode).toBe(201);

    const free = await signUpVerified(t.app);
    await setLimit(free.client, { limit: "stakeMax", value: apiCents(1500) });
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
    expect(await limitOf(client, "openContracts")).toMatchObject({ value: "2", used: "2" });

    const loser = await realMember();
    await setLimit(loser.client, { limit: "loss", period: "7d", value: apiCents(2500) });
    expect((await place(loser.client)).statusCode).toBe(201);
    expect((await place(loser.client)).statusCode).toBe(201);
    // Two open stakes count as lost: a third of 1,000 would pass 2,500.
    const refused = await place(loser.client);
    expectError(refused, 409, "LIMIT_REACHED");
    expect(refused.json().error.message).toContain("5.00 USD of it is left");
    expect((await place(loser.client, 500)).statusCode).toBe(201);
    expect(await limitOf(loser.client, "loss7d")).toMatchObject({ used: apiCents(2500) });

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
    await setLimit(client, { limit: "stake", period: "24h", value: apiCents(3000) });
    const answers = await Promise.all(Array.from({ length: 8 }, () => place(client)));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(3);
    for (const r of answers.filter((a) => a.statusCode !== 201)) expectError(r, 409, "LIMIT_REACHED");
    expect(await limitOf(client, "stake24h")).toMatchObject({ used: apiCents(3000) });
    expect((await client.get(API.wallet)).json().wallet).toBe(apiCents(100_000 - 3000));
  });

  it("lets concurrent deposit requests pass the 30-day deposit limit together never", async () => {
    const { client } = await signUpVerified(t.app);
    await setLimit(client, { limit: "deposit", period: "30d", value: apiCents(30_000) });
    const answers = await Promise.all(Array.from({ length: 8 }, () => deposit(client, 10_000)));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(3);
    for (const r of answers.filter((a) => a.statusCode !== 201)) expectError(r, 409, "LIMIT_REACHED");
    expect(await limitOf(client, "deposit30d")).toMatchObject({ used: apiCents(30_000) });
    // Thirty days on, the window is empty again.
    later(30 * 24 * HOUR + 1000);
    expect((await deposit(client, 10_000)).statusCode).toBe(201);
  });

  describe("timeouts and self-exclusion", () => {
    const takeBreak = (c: Client, body: Record<string, unknown>) => c.post(API.protectionBreak, body);
    const newPackage = async () => {
      const res = await admin.post(API.adminPackages, {
        name: "Break tier",
        slug: `b-${Math.random().toString(36).slice(2, 10)}`,
        minMicrocents: apiCents(1_000),
        maxMicrocents: apiCents(1_000_000),
        dailyRateBps: 125,
        durationPeriods: 7,
        capitalReturn: true,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { slug: string };
    };

    it("refuses a bad break with a 400 naming the field, and a wrong password", async () => {
      const { client, input } = await signUpVerified(t.app);
      const password = input.password;
      const cases: [Record<string, unknown>, string][] = [
        [{ kind: "timeout", days: 0, password }, "days"],
        [{ kind: "timeout", days: 43, password }, "days"],
        [{ kind: "timeout", days: 1.5, password }, "days"],
        [{ kind: "timeout", password }, "days"],
        [{ kind: "exclusion", months: 5, password }, "months"],
        [{ kind: "exclusion", months: 61, password }, "months"],
        [{ kind: "forever", days: 3, password }, "kind"],
        [{ kind: "timeout", days: 3 }, "password"],
      ];
      for (const [body, field] of cases) expectError(await takeBreak(client, body), 400, "VALIDATION_FAILED", field);
      expectError(
        await takeBreak(client, { kind: "timeout", days: 3, password: "not-the-password" }),
        400,
        "VALIDATION_FAILED",
        "password",
      );
      expect((await client.get(API.protectionBreak)).json()).toEqual({ current: null });
    });

    it("refuses Real trades, deposits and packages until the end, naming it, and allows the rest", async () => {
      await tick();
      const member = await readyMember(t.app, admin);
      const { client } = member;
      expect((await admin.put(API.adminMemberTrading(member.member.uid), { userTrading: true })).statusCode).toBe(200);
      await fundWallet(admin, member.member.uid, 100_000);
      const { slug } = await newPackage();

      const taken = await takeBreak(client, { kind: "timeout", days: 2, password: member.input.password });
      expect(taken.statusCode, taken.body).toBe(201);
      const endsAt = new Date(clock.getTime() + 2 * 24 * HOUR);
      expect(taken.json().current).toMatchObject({ kind: "timeout", endsAt: endsAt.toISOString(), liftedAt: null });
      const endWords = `${endsAt.toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" })} UTC`;

      for (const refused of [
        await place(client),
        await deposit(client, 10_000),
        await client.post(API.investments, { slug, amountMicrocents: apiCents(5_000) }),
      ]) {
        expectError(refused, 403, "ON_BREAK");
        expect(refused.json().error.message).toContain(endWords);
      }
      // Withdrawals, the statement, the history and support chat still work.
      const withdrawal = await client.post(API.withdrawals, { amountMicrocents: apiCents(2_000) });
      expect(withdrawal.statusCode, withdrawal.body).toBe(201);
      expect((await client.get(API.walletHistory)).statusCode).toBe(200);
      expect((await client.get(API.tradesHistory)).statusCode).toBe(200);
      expect((await client.post(API.chatMessages, { text: "I am taking a break" })).statusCode).toBe(201);
      expect((await client.get(API.protectionLimits)).statusCode).toBe(200);

      // Free money stays open to practice.
      expect((await admin.put(API.adminMemberTrading(member.member.uid), { userTrading: false })).statusCode).toBe(200);
      expect((await place(client)).statusCode).toBe(201);
      expect((await admin.put(API.adminMemberTrading(member.member.uid), { userTrading: true })).statusCode).toBe(200);

      // It ends by itself at its end.
      later(2 * 24 * HOUR + 1000);
      await tick();
      expect((await place(client)).statusCode).toBe(201);
      expect((await deposit(client, 10_000)).statusCode).toBe(201);
      expect((await client.get(API.protectionBreak)).json()).toEqual({ current: null });
    });

    it("can be made longer but never shorter by the member, and only an admin lifts it, with a reason, audited", async () => {
      await tick();
      const { client, member, input } = await realMember();
      const password = input.password;
      expect((await takeBreak(client, { kind: "timeout", days: 7, password })).statusCode).toBe(201);
      expectError(await takeBreak(client, { kind: "timeout", days: 1, password }), 409, "CONFLICT");
      const longer = await takeBreak(client, { kind: "exclusion", months: 6, password });
      expect(longer.statusCode, longer.body).toBe(201);
      expect(longer.json().current.kind).toBe("exclusion");
      expectError(await place(client), 403, "ON_BREAK");

      // Nobody but an admin ends it; an admin must say why.
      expect(
        (await client.post(API.adminMemberBreakLift(member.uid), { reason: "I changed my mind about it" })).statusCode,
      ).toBe(404);
      expectError(
        await admin.post(API.adminMemberBreakLift(member.uid), { reason: "ok" }),
        400,
        "VALIDATION_FAILED",
        "reason",
      );
      const seen = (await admin.get(API.adminMemberProtection(member.uid))).json();
      expect(seen.current).toMatchObject({ kind: "exclusion" });
      expect(seen.breaks).toHaveLength(2);

      const reason = "Member wrote from a verified address; reviewed with compliance";
      const lifted = await admin.post(API.adminMemberBreakLift(member.uid), { reason });
      expect(lifted.statusCode, lifted.body).toBe(200);
      expect(lifted.json()).toEqual({ current: null });
      expect((await place(client)).statusCode).toBe(201);
      expectError(await admin.post(API.adminMemberBreakLift(member.uid), { reason }), 409, "CONFLICT");

      const audit = (await admin.get(`${API.adminAudit}?targetUserId=${member.uid}&pageSize=50`)).json();
      const actions = (audit.items as { action: string; after: unknown }[]).map((e) => e.action);
      expect(actions).toEqual(
        expect.arrayContaining(["member.break_timeout", "member.break_exclusion", "member.break_lift"]),
      );
      expect(
        (audit.items as { action: string; after: unknown }[]).find((e) => e.action === "member.break_lift")?.after,
      ).toEqual({ reason });
    });
  });
});
